import { bareSpawn } from '../lib/bare-spawn.js';
import { benchEngineOptions, trivialCommands } from '../lib/bench-engine-options.js';
import { formatMs, formatRatio, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { loadCreateEngine } from '../lib/load-engine.js';
import { preToolUseLine, preToolUsePayload } from '../lib/payload.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { timeAsync } from '../lib/timer.js';

interface Shape {
  readonly id: string;
  readonly hookCount: number;
  readonly wanted: number;
  readonly rounds: number;
}

/**
 * Target 1: `engine.fire` of a PreToolUse with N matching command hooks, against N bare `child_process.spawn`s
 * of the very same command lines (`/bin/sh -c 'true # i'`, as the engine runs them) with the same 1 KB payload
 * on stdin, all started together, in the same process, interleaved in random order. Ratio of medians.
 */
export async function measureCommandOverhead(quick: boolean): Promise<TargetResult[]> {
  const shapes: Shape[] = [
    { id: '1a', hookCount: 1, wanted: 1.1, rounds: quick ? 60 : 300 },
    { id: '1b', hookCount: 20, wanted: 1.05, rounds: quick ? 20 : 80 },
  ];
  const createEngine = await loadCreateEngine();
  if (createEngine instanceof Error) {
    return shapes.map((shape) => skippedResult(shape.id, nameOf(shape), createEngine.message));
  }
  const results: TargetResult[] = [];
  for (const shape of shapes) {
    const commands = trivialCommands(shape.hookCount);
    const engine = await createEngine(
      benchEngineOptions({
        hooks: { PreToolUse: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] },
      }),
    );
    const payload = preToolUsePayload();
    const line = preToolUseLine();
    const samples = await interleave(
      {
        bare: () =>
          timeAsync(() =>
            Promise.all(
              commands.map((command) => bareSpawn({ file: '/bin/sh', args: ['-c', command] }, line)),
            ),
          ),
        engine: () => timeAsync(() => engine.fire('PreToolUse', payload)),
      },
      { rounds: shape.rounds, warmupRounds: 5 },
    );
    const check = await engine.fire('PreToolUse', payload);
    await engine.close();
    const bare = summarise(samples.bare!);
    const fired = summarise(samples.engine!);
    const ratio = fired.median / bare.median;
    const failedRuns = check.runs.filter((run) => run.status !== 'success').length;
    results.push({
      id: shape.id,
      name: nameOf(shape),
      figure: `engine ${formatSummaryMs(fired)}`,
      baseline: `bare spawn ${formatSummaryMs(bare)}`,
      ratio: formatRatio(ratio),
      target: `<= ${shape.wanted.toFixed(2)}x`,
      verdict:
        failedRuns === 0 && check.runs.length === shape.hookCount ? verdictOf(ratio <= shape.wanted) : 'FAIL',
      notes: [
        `overhead ${formatMs(fired.median - bare.median)} per event, ${formatMs((fired.median - bare.median) / shape.hookCount)} per hook`,
        ...(failedRuns > 0 || check.runs.length !== shape.hookCount
          ? [`the check fire ran ${check.runs.length} hooks, ${failedRuns} not successful`]
          : []),
      ],
    });
  }
  return results;
}

function nameOf(shape: Shape): string {
  return `overhead per command hook, ${shape.hookCount} hook${shape.hookCount === 1 ? '' : 's'}`;
}
