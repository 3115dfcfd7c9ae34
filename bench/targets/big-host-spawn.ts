import { formatMiB, formatRatio, formatSummaryMs } from '../lib/format.js';
import { interleave, type Variant } from '../lib/interleave.js';
import { summarise } from '../lib/stats.js';
import { type TargetResult, verdictOf } from '../lib/target-result.js';
import { WorkerSession } from '../lib/worker-session.js';

const WANTED_RATIO = 1.2;
const HOLD_MIB = 800;

/** The measured variants: which worker, which way of spawning, and the row they make. */
const VARIANTS = {
  smallBare: { host: 'small', variant: 'bare' },
  bigBare: { host: 'big', variant: 'bare' },
  bigEngine: { host: 'big', variant: 'engine' },
  bigEngineHelper: { host: 'big', variant: 'engine-helper' },
} as const;

/**
 * Target 5: two worker processes, a small one and one holding 800 MiB of touched Buffers, each spawning one
 * trivial hook per request; the driver interleaves the requests in random order, so the floor (a bare spawn
 * from the small process) and the big process's spawns are measured under the same conditions. The target row
 * is the engine with its spawner process (`spawner: 'helper-process'`); bare and direct spawns from the big
 * process show what it saves.
 */
export async function measureBigHostSpawn(quick: boolean): Promise<TargetResult[]> {
  const workerUrl = new URL('../workers/spawn-host-worker.ts', import.meta.url);
  const hosts = {
    small: new WorkerSession(workerUrl, ['--hold-mib', '0']),
    big: new WorkerSession(workerUrl, ['--hold-mib', String(HOLD_MIB)]),
  };
  try {
    const memory = await hosts.big.request<{ rssBytes: number }>({ variant: 'memory' });
    const variants: Record<string, Variant> = {};
    const unavailable: Record<string, string> = {};
    for (const [name, { host, variant }] of Object.entries(VARIANTS)) {
      const request = () => hosts[host].request<number>({ variant });
      try {
        await request();
        variants[name] = request;
      } catch (error) {
        unavailable[name] = (error as Error).message.split('\n')[0]!;
      }
    }
    if (variants.smallBare === undefined) throw new Error(`the floor failed: ${unavailable.smallBare}`);
    const samples = await interleave(variants, { rounds: quick ? 10 : 40, warmupRounds: 3 });
    const floor = summarise(samples.smallBare!);
    const rows: [string, string, keyof typeof VARIANTS, boolean][] = [
      ['5a', `spawn from an ${HOLD_MIB} MiB host, engine with its spawner process`, 'bigEngineHelper', true],
      ['5b', `spawn from an ${HOLD_MIB} MiB host, engine spawning directly`, 'bigEngine', false],
      ['5c', `spawn from an ${HOLD_MIB} MiB host, bare child_process.spawn`, 'bigBare', false],
    ];
    return rows.map(([id, name, key, isTarget]): TargetResult => {
      const baseline = `small-process bare spawn ${formatSummaryMs(floor)}`;
      const measured = samples[key];
      if (measured === undefined) {
        return {
          id,
          name,
          figure: '-',
          baseline,
          ratio: '-',
          target: isTarget ? `<= ${WANTED_RATIO}x` : 'info',
          verdict: isTarget ? 'SKIP' : 'INFO',
          notes: [unavailable[key] ?? 'not measured'],
        };
      }
      const figure = summarise(measured);
      const ratio = figure.median / floor.median;
      return {
        id,
        name,
        figure: formatSummaryMs(figure),
        baseline,
        ratio: formatRatio(ratio),
        target: isTarget ? `<= ${WANTED_RATIO.toFixed(2)}x` : 'info',
        verdict: isTarget ? verdictOf(ratio <= WANTED_RATIO) : 'INFO',
        notes: isTarget ? [`the big host's RSS was ${formatMiB(memory.rssBytes)}`] : [],
      };
    });
  } finally {
    await Promise.all([hosts.small.stop(), hosts.big.stop()]);
  }
}
