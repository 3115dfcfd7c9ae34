// node compare.mjs NATIVE/observed.json HOOKWIRE/observed.json: SAME, or each field that differs, then each
// difference in what the processes started for hooks saw (../lib/processes.mjs; deliberate ones left out).
import { readFileSync } from 'node:fs';
import { compareProcesses } from '../lib/processes.mjs';

const [a, b] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
const differences = ['exitCode', 'toolRan', 'modelRequests', 'modelSaw', 'userSaw'].filter(
  (field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]),
);
// A run recorded before the process records existed has none to compare.
const processDifferences =
  a.processes && b.processes
    ? compareProcesses(a.processes, b.processes, a.host, a.mode !== 'native', a.sameRoles)
    : [];
if (differences.length === 0 && processDifferences.length === 0) console.log(`${a.scenario}: SAME`);
else {
  console.log(`${a.scenario}: DIFFERENT`);
  for (const field of differences)
    console.log(
      `  ${field}:\n    native:   ${JSON.stringify(a[field])}\n    hookwire: ${JSON.stringify(b[field])}`,
    );
  for (const line of processDifferences) console.log(`  process ${line}`);
  process.exitCode = 1;
}
