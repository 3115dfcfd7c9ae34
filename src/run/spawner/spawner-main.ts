/*
 * The spawner process: a small Node process that spawns hooks on behalf of a host whose memory makes fork
 * expensive (fork copies the parent's page tables). It runs each hook exactly as the host would
 * (spawnHookProcess: own process group, timeout, grace, capped output) and answers over the IPC channel.
 * It dies with the host: when the channel closes, for whatever reason, it ends every hook and exits.
 */
import { MARKER_HOST_VARIABLE } from '../process/hook-run-marker.js';
import { endAllHookProcesses } from '../process/live-process-groups.js';
import { spawnHookProcess } from '../process/spawn-hook-process.js';
import type { FromSpawnerMessage, ToSpawnerMessage } from './spawner-protocol.js';

// Read by hook-run-marker when it loaded; a hook must not inherit it (an engine inside a hook is another host).
delete process.env[MARKER_HOST_VARIABLE];

const running = new Map<number, AbortController>();
let lastOverlayKey = '';
let lastEnvironment: NodeJS.ProcessEnv = process.env;

function send(message: FromSpawnerMessage): void {
  if (process.connected) process.send?.(message);
}

/** Hooks of one event share one overlay, so one merge serves them all. */
function environmentWith(
  overlay: Readonly<Record<string, string>>,
  withheld: readonly string[] = [],
): NodeJS.ProcessEnv {
  const key = JSON.stringify([overlay, withheld]);
  if (key !== lastOverlayKey) {
    lastOverlayKey = key;
    const host: NodeJS.ProcessEnv = { ...process.env };
    for (const name of withheld) delete host[name];
    lastEnvironment = Object.assign(host, overlay);
  }
  return lastEnvironment;
}

process.on('message', (message: ToSpawnerMessage) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  if (message.type === 'end-all') {
    void endAllHookProcesses().then(() => send({ type: 'done', id: message.id }));
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void spawnHookProcess({
    file: message.file,
    args: message.args,
    cwd: message.cwd,
    env: environmentWith(message.envOverlay, message.withheldVariables),
    input: message.input,
    timeoutMs: message.timeoutMs,
    outputCapBytes: message.outputCapBytes,
    marker: message.marker,
    signal: controller.signal,
  }).then((result) => {
    running.delete(message.id);
    send({ type: 'done', id: message.id, result });
  });
});

process.on('disconnect', () => {
  void endAllHookProcesses().then(() => process.exit(0));
});

send({ type: 'ready' });
