import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { formatMs, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { loadCreateEngine } from '../lib/load-engine.js';
import { preToolUsePayload } from '../lib/payload.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const WANTED_MS = 0.2;
const FIRES_PER_SAMPLE = 200;
const NAME = 'fixed cost of an event with matching hooks';

/** Allows the call, so that the merge has a decision to make. */
const allow = () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });

/**
 * Target 2: everything the engine does for an event that has matching hooks, except spawning. The matching
 * hooks are in-process callbacks (three of them, so the merge has work), beside 40 command hooks on other
 * events and tools that must be skipped. One sample is the mean of 200 sequential awaited fires; the
 * baseline calls the same three callbacks directly and serialises the payload once, the least any
 * implementation must do.
 */
export async function measureFixedEventCost(quick: boolean): Promise<TargetResult[]> {
  const createEngine = await loadCreateEngine();
  if (createEngine instanceof Error) return [skippedResult('2', NAME, createEngine.message)];
  const engine = await createEngine({
    ...benchEngineOptions(unrelatedHooks()),
    callbacks: ['Bash', 'Bash|Write', '.*'].map((matcher, index) => ({
      event: 'PreToolUse' as const,
      matcher,
      hook: { type: 'callback' as const, name: `allow-${index + 1}`, callback: allow },
    })),
  });
  const payload = preToolUsePayload('Bash');
  const callbacks = [allow, allow, allow];
  const samples = await interleave(
    {
      engine: async () => {
        const start = nowMs();
        for (let index = 0; index < FIRES_PER_SAMPLE; index++) await engine.fire('PreToolUse', payload);
        return (nowMs() - start) / FIRES_PER_SAMPLE;
      },
      direct: async () => {
        const start = nowMs();
        for (let index = 0; index < FIRES_PER_SAMPLE; index++) {
          JSON.stringify(payload);
          await Promise.all(callbacks.map((callback) => callback()));
        }
        return (nowMs() - start) / FIRES_PER_SAMPLE;
      },
    },
    { rounds: quick ? 30 : 100, warmupRounds: 10 },
  );
  const check = await engine.fire('PreToolUse', payload);
  await engine.close();
  const fired = summarise(samples.engine!);
  const direct = summarise(samples.direct!);
  const ranAll = check.runs.length === 3 && check.decision === 'allow';
  return [
    {
      id: '2',
      name: NAME,
      figure: `${formatSummaryMs(fired)} per event`,
      baseline: `direct calls ${formatSummaryMs(direct)}`,
      ratio: formatMs(fired.median),
      target: `<= ${formatMs(WANTED_MS)}`,
      verdict: ranAll ? verdictOf(fired.median <= WANTED_MS) : 'FAIL',
      notes: [
        `3 matching callback hooks beside 40 unrelated command hooks; each sample is the mean of ${FIRES_PER_SAMPLE} awaited fires`,
        ...(ranAll ? [] : [`the check fire ran ${check.runs.length} hooks with decision ${check.decision}`]),
      ],
    },
  ];
}
