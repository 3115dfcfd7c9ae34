import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { spawnerProcessId } from '../../src/run/spawner/spawn-through-helper.js';
import { readyFiles, untilReady } from './fixture-ready.js';
import { eventually, fixture, makeRequest, processIsRunning } from './make-request.js';

const ready = readyFiles();
afterAll(async () => {
  await endAllHookProcesses();
  ready.remove();
});

describe('the spawner process killed mid-event', () => {
  it('answers the running hook as failed, kills its processes, and the next hook starts a new spawner', async () => {
    const readyFile = ready.file();
    // The hook records its pid, then becomes hang.sh (exec: same pid), which says it is ready and hangs.
    const running = runCommand(
      makeRequest(
        { type: 'command', command: `echo $$ > ${readyFile}.pid; exec ${fixture('hang.sh')} ${readyFile}` },
        { spawner: 'helper-process', timeoutMs: 60_000 },
      ),
    );
    await untilReady(readyFile);
    const spawner = spawnerProcessId();
    expect(spawner).toBeGreaterThan(1);
    const hookPid = Number(readFileSync(`${readyFile}.pid`, 'utf8'));
    expect(processIsRunning(hookPid)).toBe(true);

    process.kill(spawner as number, 'SIGKILL');
    const execution = await running;
    expect(execution).toMatchObject({ kind: 'failed' });
    expect(execution.error).toContain('the spawner process did not answer');
    expect(await eventually(() => !processIsRunning(hookPid))).toBe(true);

    const next = await runCommand(
      makeRequest(
        { type: 'command', command: `${fixture('exit-with.sh')} 0` },
        { spawner: 'helper-process' },
      ),
    );
    expect(next).toMatchObject({ kind: 'completed', exitCode: 0, stdout: 'out 0\n' });
    expect(spawnerProcessId()).not.toBe(spawner);
  });
});
