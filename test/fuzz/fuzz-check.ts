import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

/*
 * Every property of test/fuzz runs through `fuzzCheck`: in `npm test` with a fixed seed and a small number
 * of runs (the whole suite stays within seconds); under `npm run fuzz` (scripts/fuzz.ts) with the seed and
 * the number of runs it passes in HOOKWIRE_FUZZ_SEED and HOOKWIRE_FUZZ_RUNS, and the count of inputs each
 * property tried appended to HOOKWIRE_FUZZ_REPORT for the script to print.
 */

/** The seed of `npm test`: fixed, so a failure there reproduces. */
const DEFAULT_SEED = 20_261_203;

/** Runs `property` under the fuzz settings; throws fast-check's report (seed, path, counterexample) on failure. */
export async function fuzzCheck<T>(
  name: string,
  property: fc.IProperty<T> | fc.IAsyncProperty<T>,
  defaultRuns: number,
  /** `runsDivisor`: a property whose inputs are processes tries this many times fewer under `npm run fuzz`. */
  options: { runsDivisor?: number } = {},
): Promise<void> {
  const requested = Number(process.env.HOOKWIRE_FUZZ_RUNS);
  const numRuns = requested ? Math.max(1, Math.ceil(requested / (options.runsDivisor ?? 1))) : defaultRuns;
  const seed = Number(process.env.HOOKWIRE_FUZZ_SEED) || DEFAULT_SEED;
  const details = await fc.check(property as fc.IAsyncProperty<T>, { numRuns, seed, endOnFailure: false });
  const report = process.env.HOOKWIRE_FUZZ_REPORT;
  if (report)
    appendFileSync(
      report,
      `${JSON.stringify({ name, runs: details.numRuns, seed, failed: details.failed })}\n`,
    );
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `${name} failed`);
}
