import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { unknownEvent } from '../../src/events/hook-io.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { temporaryHome } from './engine-harness.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'engine');
const script = (name: string, ...args: string[]) =>
  [join(fixtures, name), ...args].map((part) => `'${part}'`).join(' ');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function engineWith(hooks: ClaudeSettings['hooks'], options: EngineOptions = {}): Promise<Engine> {
  const home = temporaryHome();
  const engine = await createEngine({ ...home.options, settings: [{ hooks }], ...options });
  cleanups.push(async () => {
    await engine.close();
    home.remove();
  });
  return engine;
}

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_01' });

describe('fire', () => {
  it('fills the common fields of protocol events, in Claude Code’s order, and leaves given ones alone', async () => {
    const seen: Record<string, unknown>[] = [];
    const engine = await engineWith(undefined, {
      callbacks: [
        { event: 'PreToolUse', hook: { type: 'callback', name: 'spy', callback: (p) => void seen.push(p) } },
      ],
    });
    await engine.fire('PreToolUse', bash('ls'));
    await engine.fire('PreToolUse', { ...bash('ls'), session_id: 's1', cwd: '/elsewhere' });
    const [first, second] = seen;
    expect(Object.keys(first ?? {})).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'hook_event_name',
      'tool_name',
      'tool_input',
      'tool_use_id',
    ]);
    expect(first).toMatchObject({
      hook_event_name: 'PreToolUse',
      cwd: expect.stringMatching(/hookwire-engine-/),
    });
    expect(first?.transcript_path).toMatch(/\.claude\/projects\/.+\/[0-9a-f-]{36}\.jsonl$/);
    expect(second).toMatchObject({ session_id: 's1', cwd: '/elsewhere', hook_event_name: 'PreToolUse' });
  });

  it('gives Deep Agents hooks exactly {event, ...fields}', async () => {
    const seen: Record<string, unknown>[] = [];
    const engine = await engineWith(undefined, {
      callbacks: [
        {
          event: 'session.start',
          hook: { type: 'callback', name: 'spy', callback: (p) => void seen.push(p) },
        },
      ],
    });
    await engine.fire('session.start', { thread_id: 'abc123' });
    expect(seen).toEqual([{ event: 'session.start', thread_id: 'abc123' }]);
  });

  it('cuts tool.result output to 2,000 characters, as Deep Agents does', async () => {
    const seen: Record<string, unknown>[] = [];
    const engine = await engineWith(undefined, {
      callbacks: [
        { event: 'tool.result', hook: { type: 'callback', name: 'spy', callback: (p) => void seen.push(p) } },
      ],
    });
    const fields = { tool_name: 'ls', tool_id: 't1', tool_args: {}, tool_status: 'success' };
    await engine.fire('tool.result', { ...fields, tool_output: 'x'.repeat(2500) });
    expect(seen).toEqual([{ event: 'tool.result', ...fields, tool_output: 'x'.repeat(2000) }]);
  });

  it('runs command hooks with CLAUDE_PROJECT_DIR, CLAUDECODE, the session id and options.env, in the payload’s cwd', async () => {
    const engine = await engineWith(
      { PreToolUse: [{ hooks: [{ type: 'command', command: script('print-env.sh') }] }] },
      { env: { HOOKWIRE_TEST_EXTRA: 'extra' } },
    );
    const outcome = await engine.fire('PreToolUse', {
      ...bash('ls'),
      session_id: 'session-7',
      cwd: fixtures,
    });
    const [dir, claudeCode, session, extra, cwd] = (outcome.systemMessages[0] ?? '').split('|');
    expect({ claudeCode, session, extra, cwd }).toEqual({
      claudeCode: '1',
      session: 'session-7',
      extra: 'extra',
      cwd: fixtures,
    });
    expect(dir).toMatch(/hookwire-engine-/);
  });

  it('reports an exit-2 block in the host’s words, and keeps runs in configuration order', async () => {
    const engine = await engineWith({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: script('echo-prompt.sh', '0.3') }] },
        {
          matcher: 'Bash',
          hooks: [{ type: 'command', command: script('block-exit-2.sh', 'rm -rf is not allowed') }],
        },
      ],
    });
    const outcome = await engine.fire('PreToolUse', bash('rm -rf /'));
    const label = script('block-exit-2.sh', 'rm -rf is not allowed');
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toBe(`[${label}]: rm -rf is not allowed`);
    expect(outcome.hookSpecificOutput).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: outcome.reason,
    });
    expect(outcome.runs.map((run) => [run.index, run.status, run.exitCode])).toEqual([
      [0, 'success', 0],
      [1, 'blocking', 2],
    ]);
    expect(outcome.trace.decision).toEqual([1]);
  });

  it('turns plain stdout into context for UserPromptSubmit', async () => {
    const engine = await engineWith({
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: script('echo-prompt.sh') }] }],
    });
    const outcome = await engine.fire('UserPromptSubmit', { prompt: 'hello', session_id: 's' });
    expect(outcome.additionalContext).toHaveLength(1);
    const context = outcome.additionalContext[0] ?? '';
    expect(context).toMatch(/^payload: /);
    expect(JSON.parse(context.slice('payload: '.length))).toMatchObject({
      prompt: 'hello',
      hook_event_name: 'UserPromptSubmit',
    });
  });

  it('de-duplicates identical commands across definitions', async () => {
    const engine = await engineWith({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] },
        { matcher: '*', hooks: [{ type: 'command', command: 'true', timeout: 5 }] },
      ],
    });
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.runs.map((run) => [run.status, run.error])).toEqual([
      ['success', null],
      ['deduplicated', 'same hook as #0 (true); it ran once'],
    ]);
  });

  it('runs a sequential definition in order, each hook seeing the input the one before rewrote', async () => {
    const engine = await engineWith({
      PreToolUse: [
        {
          sequential: true,
          hooks: [
            { type: 'command', command: script('rewrite-command.mjs', '--first') },
            { type: 'command', command: script('rewrite-command.mjs', '--second') },
          ],
        },
      ],
    });
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.updatedInput).toEqual({ command: 'ls --first --second' });
    expect(outcome.warnings).toEqual([]);
    expect(outcome.trace.updatedInput).toEqual([1]);
  });

  it('stops a sequential definition at a block; the rest are skipped, other definitions still run', async () => {
    const engine = await engineWith({
      PreToolUse: [
        {
          sequential: true,
          hooks: [
            { type: 'command', command: script('block-exit-2.sh', 'no') },
            { type: 'command', command: script('rewrite-command.mjs', '--never') },
          ],
        },
        { hooks: [{ type: 'command', command: script('rewrite-command.mjs', '--parallel') }] },
      ],
    });
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.runs.map((run) => run.status)).toEqual(['blocking', 'skipped', 'success']);
    expect(outcome.runs[1]?.error).toBe('#0 blocked; the rest of its sequential definition did not run');
    expect(outcome.updatedInput).toEqual({ command: 'ls --parallel' });
    expect(outcome.decision).toBe('deny');
  });

  it('answers a firing that matches nothing with a shared, frozen, already resolved outcome', async () => {
    const engine = await engineWith({
      PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'true' }] }],
    });
    const first = engine.fire('PreToolUse', bash('ls'));
    expect(engine.fire('PreToolUse', bash('pwd'))).toBe(first);
    const outcome = await first;
    expect(Object.isFrozen(outcome)).toBe(true);
    expect(outcome).toEqual({
      event: 'PreToolUse',
      decision: null,
      reason: null,
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
      hookSpecificOutput: {},
      suppressOutput: false,
      warnings: [],
      durationMs: 0,
      runs: [],
      trace: {},
    });
  });

  it('reports start and end of every hook', async () => {
    const events: string[] = [];
    const engine = await engineWith(
      { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      {
        onHookStart: ({ event, index, command }) => events.push(`start ${event} #${index} ${command}`),
        onHookEnd: ({ event, index, status }) => events.push(`end ${event} #${index} ${status}`),
      },
    );
    await engine.fire('Stop', { stop_hook_active: false });
    expect(events).toEqual(['start Stop #0 true', 'end Stop #0 success']);
  });

  it('rejects an event name that is not a string, and a payload naming another event', async () => {
    const engine = await engineWith(undefined);
    await expect(engine.fire(unknownEvent(''))).rejects.toThrow(
      new HookwireError('usage', 'the event name must be a non-empty string, not ""'),
    );
    const hooked = await engineWith({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    // @ts-expect-error a payload naming another event fails to compile, and is refused at run time as well
    await expect(hooked.fire('Stop', { hook_event_name: 'SubagentStop' })).rejects.toMatchObject({
      kind: 'payload',
    });
  });

  const notHonoured = (event: string, hint = '') =>
    `unknown event "${event}"${hint}: its hooks run as notifications (their output is not honoured)`;

  // An event the catalogue does not know runs the hooks configured under that exact name, as notifications.
  it.each([
    {
      name: 'a new name: the hooks run, a block is not honoured',
      event: 'SomeNewEvent',
      payload: {},
      matcher: undefined,
      ran: true,
      warning: notHonoured('SomeNewEvent'),
    },
    {
      name: 'a near miss, with the closest known event',
      event: 'PreTooluse',
      payload: bash('ls'),
      matcher: 'Bash',
      ran: true,
      warning: notHonoured('PreTooluse', ' (did you mean "PreToolUse"?)'),
    },
    {
      name: 'a name that differs only by case',
      event: 'pretooluse',
      payload: {},
      matcher: undefined,
      ran: true,
      warning: notHonoured('pretooluse', ' (did you mean "PreToolUse"?)'),
    },
    {
      name: 'a matcher tested against source when the payload has one',
      event: 'ModelSwapped',
      payload: { source: 'startup' },
      matcher: 'startup|resume',
      ran: true,
      warning: notHonoured('ModelSwapped'),
    },
    {
      name: 'a matcher that rejects the source',
      event: 'ModelSwapped',
      payload: { source: 'compact' },
      matcher: 'startup|resume',
      ran: false,
      warning: notHonoured('ModelSwapped'),
    },
    {
      name: 'a matcher ignored when the payload has no source',
      event: 'ModelSwapped',
      payload: { to_model: 'opus' },
      matcher: 'startup',
      ran: true,
      warning: notHonoured('ModelSwapped'),
    },
  ])('unknown event, $name', async ({ event, payload, matcher, ran, warning }) => {
    const seen: Record<string, unknown>[] = [];
    const engine = await engineWith(undefined, {
      callbacks: [
        {
          event: unknownEvent(event),
          ...(matcher === undefined ? {} : { matcher }),
          hook: {
            type: 'callback',
            name: 'blocker',
            callback: (received: Record<string, unknown>) => {
              seen.push(received);
              return { decision: 'block', reason: 'no', continue: false, systemMessage: 'hi' };
            },
          },
        },
      ],
    });
    const outcome = await engine.fire(unknownEvent(event), payload);
    expect({ ...outcome, durationMs: 0, runs: outcome.runs.map((run) => run.status) }).toEqual({
      event,
      decision: null,
      reason: null,
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
      hookSpecificOutput: {},
      suppressOutput: false,
      warnings: [warning],
      durationMs: 0,
      runs: ran ? ['success'] : [],
      trace: {},
    });
    expect(seen).toEqual(ran ? [expect.objectContaining({ hook_event_name: event, ...payload })] : []);
  });

  it('runs settings hooks of an unknown event, and gives a Deep Agents-style name {event, ...fields}', async () => {
    const engine = await engineWith({
      DirectoryAddedLater: [
        { hooks: [{ type: 'command', command: script('block-exit-2.sh', 'not honoured') }] },
      ],
    });
    const outcome = await engine.fire(unknownEvent('DirectoryAddedLater'), { directory: '/project/src' });
    expect([outcome.decision, outcome.runs.map((run) => [run.status, run.exitCode])]).toEqual([
      null,
      [['non_blocking_error', 2]],
    ]);
    const seen: Record<string, unknown>[] = [];
    const deepAgents = await engineWith(undefined, {
      callbacks: [
        {
          event: unknownEvent('tool.retry'),
          hook: {
            type: 'callback',
            name: 'spy',
            callback: (p: Record<string, unknown>) => void seen.push(p),
          },
        },
      ],
    });
    await deepAgents.fire(unknownEvent('tool.retry'), { tool_name: 'ls' });
    expect(seen).toEqual([{ event: 'tool.retry', tool_name: 'ls' }]);
  });

  it('answers an unknown event that matches nothing with a fresh outcome carrying the warning', async () => {
    const engine = await engineWith(undefined);
    const first = engine.fire(unknownEvent('SomeNewEvent'));
    expect(engine.fire(unknownEvent('SomeNewEvent'))).not.toBe(first);
    expect((await first).warnings).toEqual([notHonoured('SomeNewEvent')]);
  });

  it('runs callbacks by matcher, after the loaded hooks', async () => {
    const engine = await engineWith(
      { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      {
        callbacks: [
          {
            event: 'PreToolUse',
            matcher: 'Edit',
            hook: { type: 'callback', name: 'edit-only', callback: () => ({}) },
          },
          {
            event: 'PreToolUse',
            matcher: 'Bash',
            hook: {
              type: 'callback',
              name: 'ask',
              callback: () => ({ hookSpecificOutput: { permissionDecision: 'ask' } }),
            },
          },
        ],
      },
    );
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.runs.map((run) => [run.command, run.type, run.source.level])).toEqual([
      ['true', 'command', 'inline'],
      ['ask', 'callback', 'code'],
    ]);
    expect(outcome.decision).toBe('ask');
  });

  it('places each run on the firing’s time axis: parallel hooks start together, a chain one after another', async () => {
    const engine = await engineWith({
      PreToolUse: [
        { hooks: [{ type: 'command', command: 'cat >/dev/null; sleep 0.05' }] },
        {
          sequential: true,
          hooks: [
            { type: 'command', command: 'cat >/dev/null; sleep 0.05; echo first' },
            { type: 'command', command: 'cat >/dev/null; echo second' },
          ],
        },
      ],
    });
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    const [alone, first, second] = outcome.runs;
    // The chain's second hook starts only after the first ended; the lone hook did not wait for either.
    expect(second?.startedAtMs).toBeGreaterThanOrEqual((first?.startedAtMs ?? 0) + (first?.durationMs ?? 0));
    expect(alone?.startedAtMs).toBeLessThan(second?.startedAtMs ?? 0);
    for (const run of outcome.runs) {
      expect(run.startedAtMs).toBeGreaterThanOrEqual(0);
      expect(run.startedAtMs + run.durationMs).toBeLessThanOrEqual(outcome.durationMs + 0.001);
    }
  });
});
