import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import {
  eventually,
  fixture,
  groupHasRunningProcesses,
  makeRequest,
  processIsRunning,
} from './make-request.js';

const viaSpawner = { spawner: 'helper-process' } as const;

afterAll(async () => {
  await endAllHookProcesses();
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
    const execution = await runCommand(
      makeRequest(
        { type: 'command', command: fixture('background-then-hang.sh') },
        { ...viaSpawner, timeoutMs: 800 },
      ),
    );
    expect(execution.kind).toBe('timed_out');
    const [pgid, backgroundPid] = execution.stderr.trim().split(' ').map(Number) as [number, number];
    expect(await eventually(() => !processIsRunning(backgroundPid))).toBe(true);
    expect(groupHasRunningProcesses(pgid)).toBe(false);
  });

  it('cancels through the signal', async () => {
    const controller = new AbortController();
    const running = runCommand(
      makeRequest(
        { type: 'command', command: fixture('hang.sh') },
        { ...viaSpawner, signal: controller.signal },
      ),
    );
    setTimeout(() => controller.abort(), 300);
    const execution = await running;
    expect(execution.kind).toBe('cancelled');
    const pgid = Number(execution.stderr.trim());
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
    const [pgid] = execution.stdout.trim().split(' ').map(Number) as [number];
    expect(groupHasRunningProcesses(pgid)).toBe(true);
    await endAllHookProcesses();
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });
});
