import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBackgroundJob } from '../../src/engine/background/run-background-job.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { BackgroundDelivery, BackgroundJob, Engine, EngineOptions } from '../../src/engine/engine.js';
import type { HookRun } from '../../src/outcome/outcome.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { temporaryHome } from './engine-harness.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'engine');
const script = (name: string, ...args: string[]) =>
  [join(fixtures, name), ...args].map((part) => `'${part}'`).join(' ');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An engine, and a way to wait for the end of the next `count` hooks (background ones included). */
async function engineWith(hooks: ClaudeSettings['hooks'], options: EngineOptions = {}) {
  const home = temporaryHome();
  const ended: Array<HookRun & { event: string }> = [];
  let waiters: Array<() => void> = [];
  const engine: Engine = await createEngine({
    ...home.options,
    settings: [{ hooks }],
    ...options,
    onHookEnd: (run) => {
      ended.push(run);
      for (const wake of waiters.splice(0)) wake();
    },
  });
  cleanups.push(async () => {
    await engine.close();
    home.remove();
  });
  const endedCount = async (count: number) => {
    while (ended.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    waiters = [];
  };
  return { engine, ended, endedCount };
}

const postToolUse = (session: string) => ({
  session_id: session,
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 't',
  tool_response: {},
});

describe('background hooks', () => {
  it('start without being awaited; their context and system message arrive on the session’s next firing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { engine, endedCount } = await engineWith(undefined, {
      callbacks: [
        {
          event: 'PostToolUse',
          hook: {
            type: 'callback',
            name: 'slow-linter',
            async: true,
            callback: async () => {
              await gate;
              return {
                systemMessage: 'lint finished',
                hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: '3 lint warnings' },
                decision: 'block',
                reason: 'ignored: background decisions have no effect',
              };
            },
          },
        },
      ],
    });
    const first = await engine.fire('PostToolUse', postToolUse('s1'));
    expect(first.runs.map((run) => [run.status, run.background])).toEqual([['running', true]]);
    expect(first.decision).toBeNull();
    release();
    await endedCount(1);

    const other = await engine.fire('UserPromptSubmit', { session_id: 's2', prompt: 'hi' });
    expect(other.additionalContext).toEqual([]);
    const next = await engine.fire('UserPromptSubmit', { session_id: 's1', prompt: 'next' });
    expect(next.decision).toBeNull();
    expect(next.additionalContext).toEqual(['3 lint warnings']);
    expect(next.systemMessages).toEqual(['lint finished']);
    expect(next.runs).toHaveLength(1);
    expect(next.runs[0]).toMatchObject({
      index: 0,
      command: 'slow-linter',
      status: 'blocking',
      background: true,
      details: { deliveredFrom: 'PostToolUse' },
    });
    expect(next.trace).toEqual({ additionalContext: [0], systemMessages: [0] });
    const after = await engine.fire('UserPromptSubmit', { session_id: 's1', prompt: 'again' });
    expect(after.additionalContext).toEqual([]);
  });

  it('asyncRewake: an exit 2 comes back as context for the model', async () => {
    const command = script('block-exit-2.sh', 'tests failed: 2');
    const { engine, endedCount } = await engineWith({
      PostToolUse: [{ hooks: [{ type: 'command', command, asyncRewake: true }] }],
    });
    const first = await engine.fire('PostToolUse', postToolUse('s1'));
    expect(first.runs[0]?.status).toBe('running');
    await endedCount(1);
    const next = await engine.fire('Stop', { session_id: 's1', stop_hook_active: false });
    expect(next.additionalContext).toEqual([`[${command}]: tests failed: 2`]);
  });

  it('asyncRewake with rewakeMessage: the message, then what the hook wrote', async () => {
    const command = script('block-exit-2.sh', 'tests failed: 2');
    const { engine, endedCount } = await engineWith({
      PostToolUse: [
        {
          hooks: [
            {
              type: 'command',
              command,
              asyncRewake: true,
              rewakeMessage: 'Background review found issues:',
              rewakeSummary: 'Review found issues',
            },
          ],
        },
      ],
    });
    await engine.fire('PostToolUse', postToolUse('s1'));
    await endedCount(1);
    const next = await engine.fire('Stop', { session_id: 's1', stop_hook_active: false });
    expect(next.additionalContext).toEqual(['Background review found issues: tests failed: 2']);
    expect(engine.settings.diagnostics).toEqual([]);
  });
});

describe('once', () => {
  it('runs a once hook once per session', async () => {
    let calls = 0;
    const { engine } = await engineWith(undefined, {
      callbacks: [
        {
          event: 'SessionStart',
          hook: { type: 'callback', name: 'greet', once: true, callback: () => `call ${++calls}` },
        },
      ],
    });
    const statuses = async (session: string) =>
      (await engine.fire('SessionStart', { session_id: session, source: 'startup' })).runs.map(
        (run) => run.status,
      );
    expect(await statuses('a')).toEqual(['success']);
    expect(await statuses('a')).toEqual(['skipped']);
    expect(await statuses('b')).toEqual(['success']);
    expect(calls).toBe(2);
  });
});

describe('the Stop block cap', () => {
  it('ignores the block after `stopBlockCap` consecutive blocks, and counts again after a Stop that is not blocked', async () => {
    let block = true;
    const { engine } = await engineWith(undefined, {
      stopBlockCap: 2,
      callbacks: [
        {
          event: 'Stop',
          hook: {
            type: 'callback',
            name: 'tests',
            callback: () => (block ? { decision: 'block', reason: 'run tests' } : {}),
          },
        },
      ],
    });
    const stop = async () => {
      const outcome = await engine.fire('Stop', { session_id: 's', stop_hook_active: true });
      return [outcome.decision, outcome.warnings.length];
    };
    expect(await stop()).toEqual(['block', 0]);
    expect(await stop()).toEqual(['block', 0]);
    const capped = await engine.fire('Stop', { session_id: 's', stop_hook_active: true });
    expect(capped.decision).toBeNull();
    expect(capped.reason).toBeNull();
    expect(capped.trace.decision).toBeUndefined();
    expect(capped.warnings).toEqual([
      'Stop block cap reached: 2 consecutive blocks in this session; this block is ignored and the agent stops (the blocking reason was: run tests)',
    ]);
    expect(await stop()).toEqual(['block', 0]);
    block = false;
    expect(await stop()).toEqual([null, 0]);
    block = true;
    expect(await stop()).toEqual(['block', 0]);
    expect(await stop()).toEqual(['block', 0]);
    expect(await stop()).toEqual([null, 1]);
  });
});

describe('timeouts and close()', () => {
  it('reports a hook that times out without delaying the others beyond its own limit', async () => {
    const { engine } = await engineWith({
      PreToolUse: [
        { hooks: [{ type: 'command', command: script('hang.sh'), timeout: 0.5 }] },
        { hooks: [{ type: 'command', command: script('block-exit-2.sh', 'no') }] },
      ],
    });
    const outcome = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(outcome.runs.map((run) => run.status)).toEqual(['timeout', 'blocking']);
    expect(outcome.decision).toBe('deny');
  });

  it('cancels running hooks, waits for them, and refuses to fire afterwards', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const { engine } = await engineWith(
      {
        PreToolUse: [{ hooks: [{ type: 'command', command: script('hang.sh') }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: script('hang.sh'), async: true }] }],
      },
      { onHookStart: () => started() },
    );
    await engine.fire('PostToolUse', postToolUse('s'));
    const firing = engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    await running;
    await engine.close(10_000);
    const outcome = await firing;
    expect(outcome.runs.map((run) => run.status)).toEqual(['cancelled']);
    expect(outcome.decision).toBeNull();
    await expect(engine.fire('Stop')).rejects.toMatchObject({ name: 'HookwireError', kind: 'closed' });
  });
});

describe('a backgroundLauncher', () => {
  it('receives background command hooks as data instead of the engine running them; deliver() brings results back', async () => {
    const jobs: BackgroundJob[] = [];
    const command = script('block-exit-2.sh', 'tests failed: 2');
    const { engine } = await engineWith(
      { PostToolUse: [{ hooks: [{ type: 'command', command, async: true, timeout: 7 }] }] },
      { backgroundLauncher: (job) => jobs.push(job), env: { EXTRA: '1' } },
    );
    const first = await engine.fire('PostToolUse', postToolUse('s1'));
    expect(first.runs.map((run) => [run.status, run.background])).toEqual([['running', true]]);
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as BackgroundJob;
    expect(JSON.parse(JSON.stringify(job))).toEqual(job);
    expect(job).toMatchObject({
      event: 'PostToolUse',
      index: 0,
      sessionId: 's1',
      timeoutMs: 7000,
      environment: { CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 's1', EXTRA: '1' },
      scrubSecretsKeep: null,
    });
    expect(JSON.parse(job.payloadJson)).toMatchObject(postToolUse('s1'));

    const { delivery } = await runBackgroundJob(job);
    expect(delivery).toBeUndefined();
    const rewake = { ...job, hook: { ...job.hook, handler: { ...job.hook.handler, asyncRewake: true } } };
    const finished = await runBackgroundJob(rewake as BackgroundJob);
    expect(finished.delivery?.additionalContext).toBe(`[${command}]: tests failed: 2`);
    engine.deliver('s1', [finished.delivery as BackgroundDelivery]);
    const next = await engine.fire('Stop', { session_id: 's1', stop_hook_active: false });
    expect(next.additionalContext).toEqual([`[${command}]: tests failed: 2`]);
    expect(next.runs[0]?.details).toEqual({ deliveredFrom: 'PostToolUse' });
  });
});
