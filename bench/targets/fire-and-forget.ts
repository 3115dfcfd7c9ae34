import { formatMiB, formatMs, formatSummaryMs } from '../lib/format.js';
import { runWorker } from '../lib/run-worker.js';
import { summarise } from '../lib/stats.js';
import { type TargetResult, verdictOf } from '../lib/target-result.js';

const DISPATCHES = 10_000;
const WANTED_TOTAL_MS = 50;
const WANTED_LAG_P99_MS = 5;
/** Heap growth that still counts as bounded after 10,000 dispatches: a full queue of 1000 runs is far less. */
const BOUNDED_HEAP_GROWTH_BYTES = 32 * 1024 * 1024;

interface Lag {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly count: number;
}
interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}
interface Counters {
  readonly running: number;
  readonly queued: number;
  readonly dropped: number;
}
interface WorkerResult {
  readonly totalMs: number;
  readonly blockMs: number[];
  readonly idleLag: Lag;
  readonly busyLag: Lag;
  readonly before: Memory;
  readonly afterDispatch: Memory & Counters;
  readonly peak: Memory & Counters;
  readonly afterClose: Memory & Counters;
}

/**
 * Target 6: runs bench/workers/fire-and-forget-worker.ts (its own process, --expose-gc) and turns its figures
 * into three rows: the caller's total cost of 10,000 dispatches (spread over blocks of 1000), the event
 * loop's p99 delay while the `sleep 0.2` hooks run against the same window idle, and memory.
 */
export async function measureFireAndForget(quick: boolean): Promise<TargetResult[]> {
  const result = await runWorker<WorkerResult>(
    new URL('../workers/fire-and-forget-worker.ts', import.meta.url),
    ['--dispatches', String(DISPATCHES), '--window', quick ? '1500' : '3000'],
    ['--expose-gc'],
  );
  const blocks = summarise(result.blockMs);
  const heapGrowth = result.afterDispatch.heapUsed - result.before.heapUsed;
  const held = result.afterDispatch.running + result.afterDispatch.queued;
  const mib = (memory: Memory) => `RSS ${formatMiB(memory.rss)}, heap ${formatMiB(memory.heapUsed)}`;
  return [
    {
      id: '6a',
      name: `fire-and-forget: caller cost of ${DISPATCHES} dispatches`,
      figure: `${formatMs(result.totalMs)} total`,
      baseline: `per 1000: ${formatSummaryMs(blocks)}`,
      ratio: formatMs(result.totalMs),
      target: `< ${formatMs(WANTED_TOTAL_MS)}`,
      verdict: verdictOf(result.totalMs < WANTED_TOTAL_MS),
      notes: [`the hook is \`sleep 0.2\`; default dispatcher (8 at once, queue of 1000)`],
    },
    {
      id: '6b',
      name: 'fire-and-forget: event-loop delay p99 while hooks run',
      figure: `p99 ${formatMs(result.busyLag.p99)}, p50 ${formatMs(result.busyLag.p50)}, max ${formatMs(result.busyLag.max)}`,
      baseline: `idle p99 ${formatMs(result.idleLag.p99)}, max ${formatMs(result.idleLag.max)}`,
      ratio: formatMs(result.busyLag.p99),
      target: `< ${formatMs(WANTED_LAG_P99_MS)}`,
      verdict: verdictOf(result.busyLag.p99 < WANTED_LAG_P99_MS),
      notes: [
        `each window ${result.busyLag.count} samples at 1 ms resolution (perf_hooks.monitorEventLoopDelay)`,
      ],
    },
    {
      id: '6c',
      name: 'fire-and-forget: memory bounded',
      figure: `heap +${formatMiB(heapGrowth)} after dispatching; ${held} runs held, ${result.afterDispatch.dropped} dropped`,
      baseline: `before: ${mib(result.before)}`,
      ratio: `+${formatMiB(heapGrowth)}`,
      target: `< +${formatMiB(BOUNDED_HEAP_GROWTH_BYTES)}`,
      verdict: verdictOf(heapGrowth < BOUNDED_HEAP_GROWTH_BYTES && held <= 1008),
      notes: [
        `after dispatching: ${mib(result.afterDispatch)}; after the lag window: ${mib(result.peak)}, ${result.peak.running} running, ${result.peak.queued} queued; after close: ${mib(result.afterClose)}`,
      ],
    },
  ];
}
