import { unknownEvent } from '../../src/events/hook-io.js';
import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { formatRate, formatRateSummary, formatRatio } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { loadCreateEngine } from '../lib/load-engine.js';
import { preToolUsePayload } from '../lib/payload.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const WANTED_PER_SECOND = 2_000_000;
const CALLS_PER_SAMPLE = 100_000;

type Fire = (event: string, payload: Record<string, unknown>) => Promise<unknown>;

/**
 * Target 3: PreToolUse on `Bash` with 40 hooks configured on other events and tools, so the engine must look
 * at its index and the matchers and find nothing. Two loops, each sample 100,000 calls:
 * - issued: calls `fire` back to back and awaits only the last promise: the cost the agent pays before it
 *   can go on, and what the target is about (no async hop before the match is known);
 * - awaited: awaits every call, as an agent written with `await` would; the gap to `issued` is the
 *   microtask the language adds.
 * The baseline runs the same loops around a function that returns an already-resolved promise: the floor.
 */
export async function measureUnmatchedEventRate(quick: boolean): Promise<TargetResult[]> {
  const name = 'event that matches nothing, 40 hooks elsewhere';
  const createEngine = await loadCreateEngine();
  if (createEngine instanceof Error) return [skippedResult('3', name, createEngine.message)];
  const engine = await createEngine(benchEngineOptions(unrelatedHooks()));
  const payload = preToolUsePayload('Bash');
  const resolved = Promise.resolve(undefined);
  const nothing: Fire = () => resolved;
  const fire: Fire = (event, eventPayload) => engine.fire(unknownEvent(event), eventPayload);
  const samples = await interleave(
    {
      engineIssued: async () => issuedRate(fire, payload),
      floorIssued: async () => issuedRate(nothing, payload),
      engineAwaited: async () => awaitedRate(fire, payload),
      floorAwaited: async () => awaitedRate(nothing, payload),
    },
    { rounds: quick ? 10 : 30, warmupRounds: 3 },
  );
  const check = (await engine.fire('PreToolUse', payload)) as { runs: readonly unknown[] };
  await engine.close();
  const issued = summarise(samples.engineIssued!);
  const floorIssued = summarise(samples.floorIssued!);
  const awaited = summarise(samples.engineAwaited!);
  const floorAwaited = summarise(samples.floorAwaited!);
  return [
    {
      id: '3a',
      name,
      figure: `${formatRateSummary(issued)} issued`,
      baseline: `no-op ${formatRateSummary(floorIssued)}`,
      ratio: formatRate(issued.median),
      target: `>= ${formatRate(WANTED_PER_SECOND)}`,
      verdict: check.runs.length === 0 ? verdictOf(issued.median >= WANTED_PER_SECOND) : 'FAIL',
      notes: [
        `the no-op loop is ${formatRatio(floorIssued.median / issued.median)} faster; each sample is ${CALLS_PER_SAMPLE} calls`,
        ...(check.runs.length === 0 ? [] : [`the check fire ran ${check.runs.length} hooks`]),
      ],
    },
    {
      id: '3b',
      name: `${name}, each call awaited`,
      figure: `${formatRateSummary(awaited)} awaited`,
      baseline: `no-op ${formatRateSummary(floorAwaited)}`,
      ratio: formatRate(awaited.median),
      target: 'info',
      verdict: 'INFO',
    },
  ];
}

async function issuedRate(fire: Fire, payload: Record<string, unknown>): Promise<number> {
  let last: Promise<unknown> = Promise.resolve();
  const start = nowMs();
  for (let index = 0; index < CALLS_PER_SAMPLE; index++) last = fire('PreToolUse', payload);
  await last;
  return CALLS_PER_SAMPLE / ((nowMs() - start) / 1000);
}

async function awaitedRate(fire: Fire, payload: Record<string, unknown>): Promise<number> {
  const start = nowMs();
  for (let index = 0; index < CALLS_PER_SAMPLE; index++) await fire('PreToolUse', payload);
  return CALLS_PER_SAMPLE / ((nowMs() - start) / 1000);
}
