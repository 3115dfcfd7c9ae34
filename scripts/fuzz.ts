/*
 * `npm run fuzz`: the property tests of test/fuzz (the trust review's rendering among them), run longer than in
 * `npm test` and with a fresh seed, and the exhaustive trust-set and trust-binding classes of test/trust, then
 * the number of inputs each property tried. Options: --runs N (inputs per property, default 5000),
 * --seed N (default: random, printed so that a failure can be replayed with the same seed).
 * A failure prints fast-check's report (seed, path, shrunk counterexample) and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5000' }, seed: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed N]');
  process.exit(2);
}

const directory = mkdtempSync(join(tmpdir(), 'hookwire-fuzz-'));
const report = join(directory, 'report.jsonl');
console.log(`fuzz: ${runs} inputs per property, seed ${seed}`);
const startedAt = Date.now();
const vitest = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    'test/fuzz/',
    // Exhaustive over their classes rather than random: the trusted set's every file x every mutation, and
    // every layout that borrows a trusted file through a link (docs/trust.md).
    'test/trust/trust-set-mutations.test.ts',
    'test/trust/trust-binds-project.test.ts',
    '--exclude',
    'test/fuzz/run-stdin.test.ts',
    '--testTimeout',
    '0',
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      HOOKWIRE_FUZZ_RUNS: String(runs),
      HOOKWIRE_FUZZ_SEED: String(seed),
      HOOKWIRE_FUZZ_REPORT: report,
    },
  },
);
let lines: string[] = [];
try {
  lines = readFileSync(report, 'utf8').trim().split('\n').filter(Boolean);
} catch {
  // No property reported: vitest failed before running them; its own output says why.
}
rmSync(directory, { recursive: true, force: true });

let total = 0;
console.log('\nproperty                                   inputs tried  result');
for (const line of lines) {
  const entry = JSON.parse(line) as { name: string; runs: number; failed: boolean };
  total += entry.runs;
  console.log(
    `${entry.name.padEnd(42)} ${String(entry.runs).padStart(12)}  ${entry.failed ? 'FAILED' : 'ok'}`,
  );
}
console.log(
  `${'total'.padEnd(42)} ${String(total).padStart(12)}  in ${((Date.now() - startedAt) / 1000).toFixed(0)} s, seed ${seed}`,
);
process.exit(vitest.status ?? 1);
