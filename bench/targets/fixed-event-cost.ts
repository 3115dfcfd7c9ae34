import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { formatMs, formatSummaryMs } from '../lib/format.js';
import { withInstantCommandRunner } from '../lib/instant-command-runner.js';
import { interleave } from '../lib/interleave.js';
import { type CreateEngine, loadCreateEngine } from '../lib/load-engine.js';
import { preToolUsePayload } from '../lib/payload.js';
import { type Summary, summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { nowMs } from '../lib/timer.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const WANTED_MS = 0.2;
const FIRES_PER_SAMPLE = 200;
const MATCHERS = ['Bash', 'Bash|Write', '.*'] as const;

/** Allows the call, so that the merge has a decision to make. */
const allow = () =>
  ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }) as const;

/**
 * Target 2: everything the engine does for an event that has matching hooks, except spawning. Three hooks
 * match a PreToolUse on Bash, beside the 40 unrelated command hooks of target 3. Two ways:
 * - 2a: three command hooks, with the engine's command runner replaced by one that answers `allow` at once
 *   (bench/lib/instant-command-runner.ts): select, serialise once, build requests, read, merge. The target.
 * - 2b: three in-process callback hooks through the public API: the same plus the callback runner's own
 *   work (a copy of the payload per hook, a timeout per hook).
 * One sample is the mean of 200 sequential awaited fires; the baseline serialises the payload once and calls
 * the three callbacks directly, the least any implementation must do.
 */
export async function measureFixedEventCost(quick: boolean): Promise<TargetResult[]> {
  const name = 'fixed cost of an event with 3 matching hooks';
  const createEngine = await loadCreateEngine();
  if (createEngine instanceof Error) {
    return [skippedResult('2a', `${name} (commands, spawn stubbed)`, createEngine.message)];
  }
  const rounds = quick ? 30 : 100;
  const stubbed = await withInstantCommandRunner(() => measureCommands(createEngine, rounds));
  const callbacks = await measureCallbacks(createEngine, rounds);
  return [
    stubbed instanceof Error
      ? skippedResult('2a', `${name} (commands, spawn stubbed)`, stubbed.message)
      : row('2a', `${name} (commands, spawn stubbed)`, stubbed),
    row('2b', `${name} (callbacks)`, callbacks),
  ];
}

interface Measured {
  readonly fired: Summary;
  readonly direct: Summary;
  readonly problem: string | undefined;
}

async function measureCommands(createEngine: CreateEngine, rounds: number): Promise<Measured> {
  const settings = unrelatedHooks();
  for (const [index, matcher] of MATCHERS.entries()) {
    settings.hooks!.PreToolUse!.push({
      matcher,
      hooks: [{ type: 'command', command: `allow # ${index + 1}` }],
    });
  }
  return measureEngine(await createEngine(benchEngineOptions(settings)), rounds);
}

async function measureCallbacks(createEngine: CreateEngine, rounds: number): Promise<Measured> {
  const engine = await createEngine({
    ...benchEngineOptions(unrelatedHooks()),
    callbacks: MATCHERS.map((matcher, index) => ({
      event: 'PreToolUse' as const,
      matcher,
      hook: { type: 'callback' as const, name: `allow-${index + 1}`, callback: allow },
    })),
  });
  return measureEngine(engine, rounds);
}

async function measureEngine(engine: Awaited<ReturnType<CreateEngine>>, rounds: number): Promise<Measured> {
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
    { rounds, warmupRounds: 10 },
  );
  const check = await engine.fire('PreToolUse', payload);
  await engine.close();
  const ranAll = check.runs.length === 3 && check.decision === 'allow';
  return {
    fired: summarise(samples.engine!),
    direct: summarise(samples.direct!),
    problem: ranAll
      ? undefined
      : `the check fire ran ${check.runs.length} hooks with decision ${check.decision}`,
  };
}

function row(id: string, name: string, measured: Measured): TargetResult {
  return {
    id,
    name,
    figure: `${formatSummaryMs(measured.fired)} per event`,
    baseline: `direct calls ${formatSummaryMs(measured.direct)}`,
    ratio: formatMs(measured.fired.median),
    target: `<= ${formatMs(WANTED_MS)}`,
    verdict: measured.problem === undefined ? verdictOf(measured.fired.median <= WANTED_MS) : 'FAIL',
    notes: [
      `40 unrelated command hooks beside; each sample is the mean of ${FIRES_PER_SAMPLE} awaited fires`,
      ...(measured.problem === undefined ? [] : [measured.problem]),
    ],
  };
}
