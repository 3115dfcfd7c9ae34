/**
 * Target 6's worker, in a process of its own so that its memory and event-loop figures are its own:
 * 10,000 `dispatch` calls to the Deep Agents dispatcher whose one hook is `sleep 0.2`, then the event loop's
 * delay while those hooks run (against the same window measured idle before), and memory before, at the
 * peak and after close. Prints one JSON line. Run with --expose-gc so memory is read after a full collection.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { benchSandbox } from '../lib/bench-engine-options.js';
import { loadModule } from '../lib/load-module.js';
import { nowMs, pause } from '../lib/timer.js';

const { values } = parseArgs({
  options: { dispatches: { type: 'string', default: '10000' }, window: { type: 'string', default: '3000' } },
});
const dispatches = Number(values.dispatches);
const windowMs = Number(values.window);
const BLOCK = 1000;

interface Dispatcher {
  dispatch(event: string, fields?: Record<string, unknown>): void;
  close(deadlineMs?: number): Promise<void>;
  stats(): { running: number; queued: number; dropped: number };
}
type CreateDispatcher = (options: Record<string, unknown>) => Dispatcher;

const loaded = await loadModule<{ createDeepAgentsDispatcher?: CreateDispatcher }>(
  'hosts/deepagents/list-hooks/deepagents-dispatcher.ts',
);
if (loaded instanceof Error || loaded.createDeepAgentsDispatcher === undefined) {
  throw loaded instanceof Error ? loaded : new Error('no createDeepAgentsDispatcher export');
}

const hooksFile = join(benchSandbox(), 'hooks.json');
writeFileSync(hooksFile, JSON.stringify({ hooks: [{ command: ['sleep', '0.2'], events: ['tool.use'] }] }));
const warnings: string[] = [];
const dispatcher = loaded.createDeepAgentsDispatcher({
  path: hooksFile,
  cwd: benchSandbox(),
  logger: { debug() {}, warn: (message: string) => warnings.push(message) },
});
const fields = { tool_name: 'execute', tool_input: { command: 'ls -la' } };

const memory = () => {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

const idleLag = await lagDuring(windowMs);
const before = memory();

const blockMs: number[] = [];
const startAll = nowMs();
for (let block = 0; block < dispatches / BLOCK; block++) {
  const start = nowMs();
  for (let index = 0; index < BLOCK; index++) dispatcher.dispatch('tool.use', fields);
  blockMs.push(nowMs() - start);
}
const totalMs = nowMs() - startAll;
const afterDispatch = { ...memory(), ...dispatcher.stats() };

const busyLag = await lagDuring(windowMs);
const peak = { ...memory(), ...dispatcher.stats() };
await dispatcher.close(100);
const afterClose = { ...memory(), ...dispatcher.stats() };

process.stdout.write(
  `${JSON.stringify({ totalMs, blockMs, idleLag, busyLag, before, afterDispatch, peak, afterClose, warnings: warnings.length })}\n`,
);
process.exit(0);

/** The event loop's delay over `durationMs`: percentiles in ms, sampled every millisecond. */
async function lagDuring(durationMs: number) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await pause(durationMs);
  histogram.disable();
  const toMs = (nanoseconds: number) => nanoseconds / 1e6;
  return {
    p50: toMs(histogram.percentile(50)),
    p99: toMs(histogram.percentile(99)),
    max: toMs(histogram.max),
    count: histogram.count,
  };
}
