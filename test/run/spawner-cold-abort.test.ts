import { afterAll, expect, it } from 'vitest';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { fixture, makeRequest } from './make-request.js';

/*
 * Alone in its file on purpose: vitest gives each file a fresh module graph, so the spawner process is
 * certainly not running yet and the abort below arrives while it is still starting.
 */
afterAll(async () => {
  await endAllHookProcesses();
});

it('a cancellation that arrives while the spawner process starts cancels the hook', async () => {
  const controller = new AbortController();
  const running = runCommand(
    makeRequest(
      { type: 'command', command: fixture('hang.sh') },
      { spawner: 'helper-process', signal: controller.signal, timeoutMs: 20_000 },
    ),
  );
  // Before this function returns to the event loop the spawner cannot have said it is ready: the abort
  // certainly arrives while it starts.
  controller.abort();
  const execution = await running;
  // Without the fix the hook ran on and ended `timed_out` after its 20 s timeout.
  expect(execution.kind).toBe('cancelled');
});
