// node compare.mjs NATIVE/observed.json HOOKWIRE/observed.json: SAME, or each field that differs.
import { readFileSync } from 'node:fs';

const [a, b] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
const differences = ['exitCode', 'toolRan', 'modelRequests', 'modelSaw', 'userSaw'].filter(
  (field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]),
);
if (differences.length === 0) console.log(`${a.scenario}: SAME`);
else {
  console.log(`${a.scenario}: DIFFERENT`);
  for (const field of differences)
    console.log(
      `  ${field}:\n    native:   ${JSON.stringify(a[field])}\n    hookwire: ${JSON.stringify(b[field])}`,
    );
  process.exitCode = 1;
}
