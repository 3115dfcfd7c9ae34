import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { printedGroupAndChild, printedGroupId, readyFiles, untilReady } from './fixture-ready.js';
import {
  eventually,
  fixture,
  groupHasRunningProcesses,
  makeRequest,
  processIsRunning,
} from './make-request.js';

const viaSpawner = { spawner: 'helper-process' } as const;

const ready = readyFiles();
afterAll(async () => {
  await endAllHookProcesses();
  ready.remove();
});

describe('runCommand through the spawner process', () => {
  it('runs a hook with the payload on stdin and the layered environment', async () => {
    const request = makeRequest(
      {
        type: 'command',
        command: 'echo "$CLAUDE_PROJECT_DIR|$ONLY_HANDLER"; cat',
        env: { ONLY_HANDLER: 'yes' },
      },
      { ...viaSpawner, environment: { CLAUDE_PROJECT_DIR: '/project' } },
    );
    const execution = await runCommand(request);
    expect(execution).toMatchObject({
      kind: 'completed',
      exitCode: 0,
      stdout: `/project|yes\n${request.payloadJson}\n`,
    });
  });

  it('keeps the timeout and process-group guarantees', async () => {
    /*
     * The timeout runs in the spawner process, where the test cannot hold it back: the fixture holds back
     * a SIGTERM that comes before it has reported, so the report is always there to check.
     */
    const execution = await runCommand(
      makeRequest(
        { type: 'command', command: fixture('background-then-hang.sh') },
        { ...viaSpawner, timeoutMs: 800 },
      ),
    );
    expect(execution.kind).toBe('timed_out');
    const { pgid, childPid } = printedGroupAndChild(execution.stderr);
    expect(await eventually(() => !processIsRunning(childPid))).toBe(true);
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });

  it('cancels through the signal', async () => {
    const file = ready.file();
    const controller = new AbortController();
    const running = runCommand(
      makeRequest(
        { type: 'command', command: `${fixture('hang.sh')} ${file}` },
        { ...viaSpawner, signal: controller.signal },
      ),
    );
    await untilReady(file);
    controller.abort();
    const execution = await running;
    expect(execution.kind).toBe('cancelled');
    const pgid = printedGroupId(execution.stderr);
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });

  it('names a missing program', async () => {
    const execution = await runCommand(
      makeRequest({ type: 'command', command: 'nonexistent-hookwire-command', args: [] }, viaSpawner),
    );
    expect(execution).toMatchObject({
      kind: 'failed',
      error: 'Command not found: nonexistent-hookwire-command',
    });
  });

  it('ends the leftovers of finished hooks on endAllHookProcesses', async () => {
    const execution = await runCommand(
      makeRequest(
        { type: 'command', command: fixture('background-then-exit.sh') },
        { ...viaSpawner, timeoutMs: 600_000 },
      ),
    );
    const { pgid } = printedGroupAndChild(execution.stdout);
    expect(groupHasRunningProcesses(pgid)).toBe(true);
    await endAllHookProcesses();
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });
});
