import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeClient } from '../../scripts/native-client.js';
import { runCommand } from '../../src/run/command-runner.js';
import type { HandlerExecution } from '../../src/run/handler-execution.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { useNativeSpawner } from '../../src/run/process/spawn-hook-process.js';
import { NativeSpawner } from '../../src/run/spawner/native-spawner.js';
import { printedGroupAndChild, printedGroupId, readyFiles, untilReady } from './fixture-ready.js';
import {
  eventually,
  fixture,
  groupHasRunningProcesses,
  makeRequest,
  processIsRunning,
} from './make-request.js';

/*
 * The daemon's spawn helper (`hookwire-client --spawner`, docs/daemon.md): a hook started through it runs as
 * one the engine spawned itself, with the same guarantees. The client is compiled for this machine
 * (scripts/native-client.ts); a machine without a C compiler fails here rather than skip the property.
 */
const client = nativeClient(mkdtempSync(join(tmpdir(), 'hookwire-spawner-client-')));
let spawner: NativeSpawner;
const ready = readyFiles();

beforeAll(() => {
  expect(client, 'the native client could not be compiled (cc)').toBeDefined();
  spawner = new NativeSpawner(client as string);
});
afterAll(async () => {
  useNativeSpawner(undefined);
  await endAllHookProcesses();
  ready.remove();
});

/** What a run shows the reader, without its timing. */
function comparable(execution: HandlerExecution): Record<string, unknown> {
  const { durationMs: _durationMs, ...rest } = execution as HandlerExecution & { durationMs?: number };
  return rest;
}

async function bothWays(
  handler: Parameters<typeof makeRequest>[0],
  options: Parameters<typeof makeRequest>[1] = {},
) {
  useNativeSpawner(undefined);
  const direct = await runCommand(makeRequest(handler, options));
  useNativeSpawner(spawner);
  const native = await runCommand(makeRequest(handler, options));
  return { direct: comparable(direct), native: comparable(native) };
}

describe('hooks started by the native spawn helper', () => {
  // Each case once directly and once through the helper: the reader sees the same execution.
  const cases: Array<[string, Parameters<typeof makeRequest>[0]]> = [
    ['stdin, stdout, stderr, exit code', { type: 'command', command: 'cat; echo err >&2; exit 3' }],
    ['a large output', { type: 'command', command: 'head -c 300000 /dev/zero | tr "\\0" a' }],
    ['a hook that never reads stdin', { type: 'command', command: 'echo done' }],
    [
      'its own session, and the marker',
      {
        type: 'command',
        command: 'test "$(ps -o sid= -p $$ | tr -d " ")" = $$ && test -n "$HOOKWIRE_HOOK_RUN" && echo own',
      },
    ],
    [
      'the hook environment',
      { type: 'command', command: 'echo "$ONLY_HANDLER"', env: { ONLY_HANDLER: 'yes' } },
    ],
    ['killed by a signal', { type: 'command', command: 'kill -9 $$' }],
    ['a missing program (exec form)', { type: 'command', command: 'nonexistent-hookwire-command', args: [] }],
    ['a program found on the hook PATH', { type: 'command', command: 'true', args: [] }],
    ['a NUL byte in an argument', { type: 'command', command: 'echo', args: ['a\0b'] }],
  ];
  for (const [name, handler] of cases) {
    it(`equals a direct spawn: ${name}`, async () => {
      const { direct, native } = await bothWays(handler);
      expect(native).toEqual(direct);
    });
  }

  it('keeps the timeout and process-group guarantees', async () => {
    useNativeSpawner(spawner);
    const execution = await runCommand(
      makeRequest({ type: 'command', command: fixture('background-then-hang.sh') }, { timeoutMs: 800 }),
    );
    expect(execution.kind).toBe('timed_out');
    const { pgid, childPid } = printedGroupAndChild(execution.stderr);
    expect(await eventually(() => !processIsRunning(childPid))).toBe(true);
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });

  it('cancels through the signal', async () => {
    useNativeSpawner(spawner);
    const file = ready.file();
    const controller = new AbortController();
    const running = runCommand(
      makeRequest(
        { type: 'command', command: `${fixture('hang.sh')} ${file}` },
        { signal: controller.signal },
      ),
    );
    await untilReady(file);
    controller.abort();
    const execution = await running;
    expect(execution.kind).toBe('cancelled');
    expect(await eventually(() => !groupHasRunningProcesses(printedGroupId(execution.stderr)))).toBe(true);
  });

  it('ends the leftovers of finished hooks on endAllHookProcesses', async () => {
    useNativeSpawner(spawner);
    const execution = await runCommand(
      makeRequest({ type: 'command', command: fixture('background-then-exit.sh') }, { timeoutMs: 600_000 }),
    );
    const { pgid } = printedGroupAndChild(execution.stdout);
    expect(groupHasRunningProcesses(pgid)).toBe(true);
    await endAllHookProcesses();
    expect(await eventually(() => !groupHasRunningProcesses(pgid))).toBe(true);
  });

  it('ends a running hook when the helper dies, and then spawns directly', async () => {
    const dying = new NativeSpawner(client as string);
    useNativeSpawner(dying);
    const file = ready.file();
    const running = runCommand(
      makeRequest({ type: 'command', command: `${fixture('hang.sh')} ${file}` }, { timeoutMs: 60_000 }),
    );
    await untilReady(file);
    const helper = dying.processId();
    expect(helper).toBeGreaterThan(1);
    process.kill(helper as number, 'SIGKILL');
    const execution = await running;
    expect(execution).toMatchObject({ kind: 'completed', signal: 'SIGKILL' });
    expect(await eventually(() => !groupHasRunningProcesses(printedGroupId(execution.stderr)))).toBe(true);
    const next = await runCommand(makeRequest({ type: 'command', command: 'echo next' }));
    expect(next).toMatchObject({ kind: 'completed', exitCode: 0, stdout: 'next\n' });
  });
});
