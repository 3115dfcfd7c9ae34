/**
 * Target 5's worker: a process that holds `--hold-mib` MiB of touched Buffers (0 for the small process) and,
 * on request, spawns one trivial hook (`/bin/sh -c true`, 1 KB on stdin) and answers how long it took, in ms:
 * `bare` is child_process.spawn, `engine` is engine.fire with the default spawner, `engine-helper` with the
 * engine's spawner process. Holding the memory in this process is the point: fork copies its page tables.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../../src/engine/engine.js';
import { bareSpawn } from '../lib/bare-spawn.js';
import { benchEngineOptions } from '../lib/bench-engine-options.js';
import { loadCreateEngine } from '../lib/load-engine.js';
import { preToolUseLine, preToolUsePayload } from '../lib/payload.js';
import { timeAsync } from '../lib/timer.js';
import { serveRequests } from '../lib/worker-session.js';

const CHUNK_BYTES = 16 * 1024 * 1024;

const { values } = parseArgs({ options: { 'hold-mib': { type: 'string', default: '0' } } });
const held: Buffer[] = [];
for (let allocated = 0; allocated < Number(values['hold-mib']) * 1024 * 1024; allocated += CHUNK_BYTES) {
  // Buffer.allocUnsafe + fill: every page is written, so it is really mapped (calloc'd zero pages are not).
  held.push(Buffer.allocUnsafe(CHUNK_BYTES).fill(0xa5));
}

const settings = { hooks: { PreToolUse: [{ hooks: [{ type: 'command' as const, command: 'true' }] }] } };
const engines = new Map<string, Engine | Error>();

async function engineFor(spawner: 'direct' | 'helper-process'): Promise<Engine> {
  let engine = engines.get(spawner);
  if (engine === undefined) {
    const createEngine = await loadCreateEngine();
    engine =
      createEngine instanceof Error
        ? createEngine
        : await createEngine({ ...benchEngineOptions(settings), spawner });
    engines.set(spawner, engine);
  }
  if (engine instanceof Error) throw engine;
  return engine;
}

const payload = preToolUsePayload();
const line = preToolUseLine();

serveRequests(
  async (message) => {
    const variant = (message as { variant: string }).variant;
    if (variant === 'memory')
      return { rssBytes: process.memoryUsage().rss, heldBytes: held.length * CHUNK_BYTES };
    if (variant === 'bare')
      return timeAsync(() => bareSpawn({ file: '/bin/sh', args: ['-c', 'true'] }, line));
    const engine = await engineFor(variant === 'engine-helper' ? 'helper-process' : 'direct');
    let status = '';
    const duration = await timeAsync(async () => {
      const outcome = await engine.fire('PreToolUse', payload);
      status = outcome.runs[0]?.status ?? 'no run';
    });
    if (status !== 'success') throw new Error(`the hook did not succeed: ${status}`);
    return duration;
  },
  async () => {
    for (const engine of engines.values()) if (!(engine instanceof Error)) await engine.close();
  },
);
