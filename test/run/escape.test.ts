import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { runCommand } from '../../src/run/command-runner.js';
import { endDetachedProcessesOf } from '../../src/run/process/hook-run-marker.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import type { CommandHandlerSettings } from '../../src/settings/settings-schema.js';
import { temporaryHome } from '../engine/engine-harness.js';
import { holdUntilReady, readyFiles, untilReady } from './fixture-ready.js';
import { eventually, makeRequest, processIsRunning } from './make-request.js';

/*
 * Hooks that try to outlive hookwire: each escape fixture starts a process that leaves the hook's process
 * group (setsid, double fork, a daemonising script) or stays in it (nohup), writes that process's pid to a
 * file, then hangs or exits. Whatever path ended the hook (timeout, cancel, the engine's close), the pid must
 * be gone. Linux only: elsewhere only the process group is guaranteed (docs/processes.md).
 */
const ESCAPES = ['setsid.sh', 'double-fork.sh', 'nohup.sh', 'daemonise.sh'] as const;
const SPAWNERS = ['direct', 'helper-process'] as const;

const escapeFixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/escape/${name}`, import.meta.url));

const ready = readyFiles();
afterAll(async () => {
  await endAllHookProcesses();
  ready.remove();
});

const escapedPid = (file: string): number => {
  const pid = Number(readFileSync(file, 'utf8').trim());
  expect(pid).toBeGreaterThan(1);
  return pid;
};

const hook = (name: string, pidFile: string, mode: 'hang' | 'exit'): CommandHandlerSettings => ({
  type: 'command',
  command: escapeFixture(name),
  args: [pidFile, mode],
});

describe.runIf(process.platform === 'linux')('no hook process escapes on Linux', () => {
  it.each(ESCAPES)('%s: killed at the timeout (direct spawn)', async (name) => {
    const pidFile = ready.file();
    const running = runCommand(makeRequest(hook(name, pidFile, 'hang'), { timeoutMs: 200 }));
    // The fixture is ready (pid written) before the runner's timers can fire, however slow the machine.
    holdUntilReady(pidFile);
    const execution = await running;
    expect(execution.kind).toBe('timed_out');
    expect(await eventually(() => !processIsRunning(escapedPid(pidFile)))).toBe(true);
  });

  it.concurrent.each(ESCAPES)('%s: killed at the timeout (spawner process)', async (name) => {
    // The spawner holds the deadline in another process, whose timers this test cannot hold as
    // holdUntilReady holds its own. A run whose fixture was not ready at the deadline (no pid written: a
    // starved machine) proves nothing either way, so it runs again with twice the time; a process that
    // escaped is caught by the run whose fixture was ready in time.
    for (let timeoutMs = 3_000; ; timeoutMs *= 2) {
      const pidFile = ready.file();
      const execution = await runCommand(
        makeRequest(hook(name, pidFile, 'hang'), { timeoutMs, spawner: 'helper-process' }),
      );
      expect(execution.kind).toBe('timed_out');
      if (existsSync(pidFile) || timeoutMs >= 48_000) {
        expect(await eventually(() => !processIsRunning(escapedPid(pidFile)))).toBe(true);
        return;
      }
    }
  });

  it.each(SPAWNERS.flatMap((spawner) => ESCAPES.map((name) => [name, spawner] as const)))(
    '%s: killed when the hook is cancelled while running (%s)',
    async (name, spawner) => {
      const pidFile = ready.file();
      const controller = new AbortController();
      const running = runCommand(
        makeRequest(hook(name, pidFile, 'hang'), { spawner, signal: controller.signal }),
      );
      await untilReady(pidFile);
      controller.abort();
      expect((await running).kind).toBe('cancelled');
      expect(await eventually(() => !processIsRunning(escapedPid(pidFile)))).toBe(true);
    },
  );

  it.each(SPAWNERS.flatMap((spawner) => ESCAPES.map((name) => [name, spawner] as const)))(
    '%s: left running after a normal exit, as Claude Code does, and killed at close (%s)',
    async (name, spawner) => {
      const pidFile = ready.file();
      const controller = new AbortController();
      const execution = await runCommand(
        makeRequest(hook(name, pidFile, 'exit'), { spawner, signal: controller.signal }),
      );
      expect(execution.kind).toBe('completed');
      const pid = escapedPid(pidFile);
      expect(processIsRunning(pid)).toBe(true);
      controller.abort();
      endDetachedProcessesOf(controller.signal);
      expect(await eventually(() => !processIsRunning(pid))).toBe(true);
    },
  );

  it('engine.close() ends the escaped daemon of a hook that exited normally', async () => {
    const home = temporaryHome();
    const pidFile = ready.file();
    const engine = await createEngine({
      ...home.options,
      settings: [
        {
          hooks: {
            Stop: [
              {
                hooks: [{ type: 'command', command: escapeFixture('daemonise.sh'), args: [pidFile, 'exit'] }],
              },
            ],
          },
        },
      ],
    });
    try {
      await engine.fire('Stop', {});
      const pid = escapedPid(pidFile);
      expect(processIsRunning(pid)).toBe(true);
      await engine.close();
      expect(await eventually(() => !processIsRunning(pid))).toBe(true);
    } finally {
      home.remove();
    }
  });

  it('endAllHookProcesses ends the escaped daemon of a finished hook whose signal never aborts', async () => {
    const pidFile = ready.file();
    expect((await runCommand(makeRequest(hook('setsid.sh', pidFile, 'exit')))).kind).toBe('completed');
    const pid = escapedPid(pidFile);
    expect(processIsRunning(pid)).toBe(true);
    await endAllHookProcesses();
    expect(await eventually(() => !processIsRunning(pid))).toBe(true);
  });
});
