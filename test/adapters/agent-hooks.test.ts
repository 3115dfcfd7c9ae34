import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentHooks, createAgentHooks } from '../../src/adapters/agent-hooks.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { type HookAnswer, hangingHook, recorded, respondingHook, temporaryProject } from './helpers.js';

/*
 * The framework-neutral core against a real engine and real command hooks (respond.mjs records each payload
 * and answers as told).
 */

let project: ReturnType<typeof temporaryProject>;
let record: string;
let hooks: AgentHooks | undefined;

beforeEach(() => {
  project = temporaryProject();
  record = join(project.path, 'payloads.jsonl');
});
afterEach(async () => {
  await hooks?.close();
  hooks = undefined;
  project.cleanup();
});

/** Agent hooks over settings with one responding hook per event given. */
function hooksWith(
  answers: Partial<Record<string, HookAnswer>>,
  options: Parameters<typeof createAgentHooks>[0] = {},
  matcher = '*',
): AgentHooks {
  const settings: ClaudeSettings = {
    hooks: Object.fromEntries(
      Object.entries(answers).map(([event, answer]) => [
        event,
        [{ matcher, hooks: [respondingHook(record, answer)] }],
      ]),
    ),
  };
  hooks = createAgentHooks({
    sessionId: 'session-1',
    cwd: project.path,
    engineOptions: project.engineOptions(settings),
    ...options,
  });
  return hooks;
}

const call = { name: 'shell', input: { command: 'ls' }, id: 'call-1' };
const common = {
  session_id: 'session-1',
  transcript_path: null,
  permission_mode: 'default',
};

describe('createAgentHooks payloads', () => {
  it('fire every event with the protocol fields', async () => {
    const agent = hooksWith({
      SessionStart: {},
      UserPromptSubmit: {},
      PreToolUse: {},
      PostToolUse: {},
      PostToolUseFailure: {},
      Stop: {},
      SessionEnd: {},
    });
    await agent.start();
    await agent.start();
    await agent.prompt('hello');
    await agent.beforeTool(call);
    await agent.afterTool(call, { stdout: 'a b' });
    await agent.toolFailed(call, 'boom');
    await agent.stop('done');
    await agent.close();
    const cwd = project.path;
    const tool = { tool_name: 'shell', tool_input: { command: 'ls' }, tool_use_id: 'call-1' };
    expect(recorded(record)).toEqual([
      { ...common, cwd, hook_event_name: 'SessionStart', source: 'startup' },
      { ...common, cwd, hook_event_name: 'UserPromptSubmit', prompt: 'hello' },
      { ...common, cwd, hook_event_name: 'PreToolUse', ...tool },
      { ...common, cwd, hook_event_name: 'PostToolUse', ...tool, tool_response: { stdout: 'a b' } },
      { ...common, cwd, hook_event_name: 'PostToolUseFailure', ...tool, error: 'boom' },
      {
        ...common,
        cwd,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: 'done',
      },
      { ...common, cwd, hook_event_name: 'SessionEnd', reason: 'other' },
    ]);
  });

  it('map tool names for matchers and payloads, leaving names the map lacks unchanged', async () => {
    const agent = hooksWith(
      { PreToolUse: { exit: 2, stderr: 'no shell' } },
      { toolNames: { shell: 'Bash' } },
      'Bash',
    );
    expect(await agent.beforeTool(call)).toEqual({
      action: 'refuse',
      reason: expect.stringContaining('no shell'),
    });
    expect(await agent.beforeTool({ ...call, name: 'read' })).toEqual({
      action: 'run',
      input: call.input,
      context: [],
    });
    expect(recorded(record).map((payload) => payload.tool_name)).toEqual(['Bash']);
  });

  it('fire SessionEnd once, and not at close when the session never started', async () => {
    const agent = hooksWith({ SessionEnd: {} });
    await agent.close();
    expect(recorded(record)).toEqual([]);
    const again = hooksWith({ SessionEnd: {} });
    await again.end('clear');
    await again.end();
    expect(recorded(record).map((payload) => payload.reason)).toEqual(['clear']);
  });
});

describe('createAgentHooks decisions', () => {
  it('refuse a denied tool with the hook’s reason', async () => {
    const agent = hooksWith({
      PreToolUse: {
        stdout: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'not here',
          },
        },
      },
    });
    expect(await agent.beforeTool(call)).toEqual({ action: 'refuse', reason: 'not here' });
  });

  it('run a tool with the rewritten input and the hook’s context', async () => {
    const agent = hooksWith({
      PreToolUse: {
        stdout: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            updatedInput: { command: 'ls -la' },
            additionalContext: 'listing in long form',
          },
        },
      },
    });
    expect(await agent.beforeTool(call)).toEqual({
      action: 'run',
      input: { command: 'ls -la' },
      context: ['listing in long form'],
    });
  });

  it('refuse an ask without an approver, and ask the approver when there is one', async () => {
    const ask = {
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: 'sure?',
          updatedInput: { command: 'ls -1' },
        },
      },
    };
    const refused = await hooksWith({ PreToolUse: ask }).beforeTool(call);
    expect(refused).toEqual({ action: 'refuse', reason: 'sure? (no approver: refused)' });
    await hooks?.close();

    const requests: unknown[] = [];
    const approving = hooksWith({ PreToolUse: ask }, { approve: (request) => requests.push(request) > 0 });
    expect(await approving.beforeTool(call)).toEqual({
      action: 'run',
      input: { command: 'ls -1' },
      context: [],
    });
    expect(requests).toEqual([
      { toolName: 'shell', toolInput: { command: 'ls -1' }, toolUseId: 'call-1', reason: 'sure?' },
    ]);
    await hooks?.close();

    const declining = hooksWith({ PreToolUse: ask }, { approve: async () => false });
    expect(await declining.beforeTool(call)).toEqual({ action: 'refuse', reason: 'sure? (not approved)' });
    await hooks?.close();

    const failing = hooksWith(
      { PreToolUse: ask },
      {
        approve: () => {
          throw new Error('no terminal');
        },
      },
    );
    expect(await failing.beforeTool(call)).toEqual({
      action: 'refuse',
      reason: 'sure? (the approver failed: no terminal)',
    });
  });

  it('block a prompt, or add its context (plain stdout too)', async () => {
    const blocking = hooksWith({ UserPromptSubmit: { stdout: { decision: 'block', reason: 'no secrets' } } });
    expect(await blocking.prompt('my password is x')).toEqual({ blocked: true, reason: 'no secrets' });
    await hooks?.close();
    const adding = hooksWith({
      UserPromptSubmit: { stdout: 'today is Thursday\n' },
      SessionStart: { stdout: 'repo: hookwire\n' },
    });
    expect(await adding.start()).toEqual({ context: ['repo: hookwire'] });
    expect(await adding.prompt('hi')).toEqual({ blocked: false, context: ['today is Thursday'] });
  });

  it('give PostToolUse context and block reason, and PostToolUseFailure context', async () => {
    const agent = hooksWith({
      PostToolUse: {
        stdout: {
          decision: 'block',
          reason: 'output looks wrong',
          hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'check the output' },
        },
      },
      PostToolUseFailure: { exit: 2, stderr: 'try again with -f' },
    });
    expect(await agent.afterTool(call, 'x')).toEqual({
      context: ['check the output'],
      blockReason: 'output looks wrong',
    });
    expect(await agent.toolFailed(call, 'boom')).toEqual({
      context: [expect.stringContaining('try again with -f')],
    });
  });

  it('continue on a Stop block with stop_hook_active on the re-entry, until the engine’s cap ends it', async () => {
    const capped = createAgentHooks({
      sessionId: 'session-1',
      cwd: project.path,
      engineOptions: {
        ...project.engineOptions({
          hooks: {
            Stop: [
              {
                hooks: [
                  respondingHook(record, { stdout: { decision: 'block', reason: 'run the tests first' } }),
                ],
              },
            ],
          },
        }),
        stopBlockCap: 2,
      },
    });
    hooks = capped;
    expect(await capped.stop('first')).toEqual({ continueWith: 'run the tests first' });
    expect(await capped.stop('second')).toEqual({ continueWith: 'run the tests first' });
    expect(await capped.stop('third')).toEqual({ end: true });
    expect(recorded(record).map((payload) => payload.stop_hook_active)).toEqual([false, true, true]);
  });
});

describe('createAgentHooks engine', () => {
  it('spawn nothing for an event no hook matches', async () => {
    const started: string[] = [];
    hooks = createAgentHooks({
      engineOptions: {
        ...project.engineOptions({
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [respondingHook(record)] }] },
        }),
        onHookStart: (run) => started.push(run.event),
      },
    });
    expect(await hooks.beforeTool(call)).toEqual({ action: 'run', input: call.input, context: [] });
    expect(await hooks.stop('done')).toEqual({ end: true });
    expect(started).toEqual([]);
  });

  it('never close an engine it was given', async () => {
    const engine = await createEngine(project.engineOptions({ hooks: {} }));
    const agent = createAgentHooks({ engine });
    expect(agent.engine).toBe(engine);
    await agent.start();
    await agent.close();
    expect((await engine.fire('Stop', {})).decision).toBeNull();
    await engine.close();
  });

  it('let a tool run once its hook has timed out', async () => {
    hooks = createAgentHooks({
      engineOptions: project.engineOptions({ hooks: { PreToolUse: [{ hooks: [hangingHook(1)] }] } }),
    });
    expect(await hooks.beforeTool(call)).toEqual({ action: 'run', input: call.input, context: [] });
  });
});

describe('createAgentHooks recordTranscript', () => {
  it('records the session so a transcript-reading Stop hook sees the last assistant message', async () => {
    const transcriptPath = join(project.path, 'transcripts', 'session-1.jsonl');
    hooks = createAgentHooks({
      sessionId: 'session-1',
      cwd: project.path,
      recordTranscript: transcriptPath,
      engineOptions: project.engineOptions({
        hooks: {
          Stop: [
            {
              hooks: [
                {
                  type: 'command',
                  command: process.execPath,
                  args: [join(import.meta.dirname, '../fixtures/adapters/until-done-stop.mjs')],
                },
              ],
            },
          ],
        },
      }),
    });
    await hooks.prompt('make the tests pass');
    const gate = await hooks.beforeTool(call);
    expect(gate.action).toBe('run');
    await hooks.afterTool(call, { stdout: '3 passing' });
    expect(await hooks.stop('Fixed the parser.')).toEqual({
      continueWith: 'not done yet: Fixed the parser.',
    });
    expect(await hooks.stop('All green. DONE')).toEqual({ end: true });
    await hooks.close();
    hooks = undefined;
    const lines = readFileSync(transcriptPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(['user', 'assistant', 'user', 'assistant', 'assistant']);
    expect(lines[1].message.content[0]).toMatchObject({ type: 'tool_use', id: 'call-1', name: 'shell' });
    expect(statSync(transcriptPath).mode & 0o777).toBe(0o600);
  });

  it('gives hooks the transcript path, and null without one', async () => {
    const agent = hooksWith({ SessionStart: {} }, { recordTranscript: join(project.path, 't.jsonl') });
    await agent.start();
    expect(recorded(record)[0]?.transcript_path).toBe(join(project.path, 't.jsonl'));
  });
});
