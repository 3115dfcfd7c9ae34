/*
 * `npm run conformance -- SUITE FILE`: runs the conformance vectors of FILE (one JSON object a line) through
 * hookwire's own code paths and prints `PASS <id>`, `FAIL <id>: <what differed>` or `SKIP <id>: <why>` per
 * vector, then `N passed, M failed, K skipped`. Exit 1 on any failure. Suites: deepagents-v2.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runVectorFile, type VectorVerdict } from './conformance/run-vectors.js';

const [suite, file] = process.argv.slice(2);
if (suite !== 'deepagents-v2' || file === undefined) {
  process.stderr.write('usage: npm run conformance -- deepagents-v2 FILE\n');
  process.exit(2);
}

const text = readFileSync(resolve(file), 'utf8');
const verdicts = await runVectorFile(text, (verdict: VectorVerdict) => {
  const line =
    verdict.status === 'pass'
      ? `PASS ${verdict.id}`
      : `${verdict.status.toUpperCase()} ${verdict.id}: ${verdict.detail}`;
  process.stdout.write(`${line}\n`);
});
const count = (status: VectorVerdict['status']): number => verdicts.filter((v) => v.status === status).length;
process.stdout.write(`${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped\n`);
process.exit(count('fail') > 0 ? 1 : 0);
