import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createDeepAgent, createSubAgentMiddleware } from 'deepagents';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DeepAgentsCodeHooksOptions,
  deepAgentsCodeHooks,
} from '../../../../src/hosts/deepagents/front-end/middleware-entry.js';
import { collectingLogger, fixture, recordedPayloads, temporaryDirectory } from './helpers.js';

/*
 * Deep Agents Code's Hooks v2 (docs/deepagents.md, spec section 8) in a real `createDeepAgent` agent driven
 * by LangChain's scripted fake chat model: the document is the user's `~/.deepagents/hooks.json` of a
 * temporary home, every handler a real process (test/fixtures/deepagents/v2-respond.sh) that records its
 * payload and answers.
 */

let home: ReturnType<typeof temporaryDirectory>;
let project: ReturnType<typeof temporaryDirectory>;
let record: string;

beforeEach(() => {
  home = temporaryDirectory();
  project = temporaryDirectory();
  record = join(project.path, 'payloads.jsonl');
});
afterEach(() => {
  home.cleanup();
  project.cleanup();
});

/** A handler running the fixture: it records, then prints `stdout` (JSON when an object) and exits. */
function respond(stdout: unknown, options: { exit?: number; stderr?: string; once?: boolean } = {}) {
  const text = stdout === '' ? '' : typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  return {
    type: 'command',
    command: 'v2-respond',
    argv: [
      fixture('v2-respond.sh'),
      record,
      String(options.exit ?? 0),
      text,
      options.stderr ?? '',
      ...(options.once ? ['once'] : []),
    ],
  };
}

function writeUserHooks(hooks: Record<string, unknown>): void {
  mkdirSync(join(home.path, '.deepagents'), { recursive: true });
  writeFileSync(join(home.path, '.deepagents', 'hooks.json'), JSON.stringify({ hooks }));
}

function hooksFor(options: DeepAgentsCodeHooksOptions = {}) {
  return deepAgentsCodeHooks({ home: home.path, cwd: project.path, trustProjectHooks: false, ...options });
}

const payloads = () => recordedPayloads(record) as Record<string, unknown>[];
const transcript = (path: unknown) =>
  readFileSync(path as string, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const thread = { configurable: { thread_id: 'thread-v2' } };
const toolMessage = (messages: BaseMessage[], id: string) =>
  messages.find(
    (message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id === id,
  );

describe('deepAgentsCodeHooks in a real deep agent', () => {
  it('denies, appends context, runs around a subagent (its own calls guarded), and continues on Stop', async () => {
    writeUserHooks({
      PreToolUse: [{ matcher: 'Write', hooks: [respond('', { exit: 2, stderr: 'no writes here' })] }],
      PostToolUse: [
        {
          matcher: 'LS',
          hooks: [
            respond({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ls seen' } }),
          ],
        },
      ],
      SubagentStart: [
        {
          matcher: 'general-purpose',
          hooks: [
            respond({
              hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'from the hook' },
            }),
          ],
        },
      ],
      SubagentStop: [
        {
          hooks: [
            respond({
              hookSpecificOutput: { hookEventName: 'SubagentStop', additionalContext: 'subagent checked' },
            }),
          ],
        },
      ],
      Stop: [{ hooks: [respond({ decision: 'block', reason: 'keep going' }, { once: true })] }],
    });
    const model = fakeModel()
      .respondWithTools([
        { name: 'write_file', args: { file_path: '/x.txt', content: 'x' }, id: 'call_write' },
        { name: 'ls', args: { path: '/' }, id: 'call_ls' },
      ])
      .respondWithTools([
        {
          name: 'task',
          args: { description: 'check it', subagent_type: 'general-purpose' },
          id: 'call_task',
        },
      ])
      .respondWithTools([
        { name: 'write_file', args: { file_path: '/sub.txt', content: 's' }, id: 'call_sub' },
      ])
      .respond(new AIMessage('sub done'))
      .respond(new AIMessage('done'))
      .respond(new AIMessage('really done'));
    const logger = collectingLogger();
    const hooks = hooksFor({ logger });
    const agent = createDeepAgent({ model, middleware: hooks, checkpointer: new MemorySaver() });
    const { messages } = await agent.invoke({ messages: [new HumanMessage('go')] }, thread);
    await hooks.close();

    expect(toolMessage(messages, 'call_write')).toMatchObject({
      content: 'Write blocked by hook: no writes here',
      status: 'error',
    });
    expect(String(toolMessage(messages, 'call_ls')?.content)).toMatch(/\n\nls seen$/);
    expect(String(toolMessage(messages, 'call_task')?.content)).toBe('sub done\n\nsubagent checked');
    expect(messages.slice(-2).map((message) => [message.getType(), message.content])).toEqual([
      ['human', 'keep going'],
      ['ai', 'really done'],
    ]);

    // The model's first turn calls write_file and ls together, and their hooks run concurrently: which of
    // the two records lands first is the machine's choice, so they are put in one order before comparing.
    const recorded = payloads();
    const preFirst = (payload: Record<string, unknown>) => (payload.hook_event_name === 'PreToolUse' ? 0 : 1);
    const concurrent = recorded.slice(0, 2).sort((one, other) => preFirst(one) - preFirst(other));
    const fired = [...concurrent, ...recorded.slice(2)];
    expect(
      fired.map((payload) => [payload.hook_event_name, payload.tool_name ?? payload.agent_type]),
    ).toEqual([
      ['PreToolUse', 'Write'],
      ['PostToolUse', 'LS'],
      ['SubagentStart', 'general-purpose'],
      ['PreToolUse', 'Write'],
      ['SubagentStop', 'general-purpose'],
      ['Stop', undefined],
      ['Stop', undefined],
    ]);
    const [deny, ls, start, subDeny, stop, firstStop, secondStop] = fired as Record<string, unknown>[];
    expect(deny).toMatchObject({
      session_id: 'thread-v2',
      cwd: project.path,
      permission_mode: 'default',
      tool_input: { file_path: '/x.txt', content: 'x' },
      tool_use_id: 'call_write',
    });
    expect(ls).toMatchObject({ tool_input: { path: '/' }, tool_use_id: 'call_ls' });
    expect(ls?.duration_ms).toEqual(expect.any(Number));
    expect(start).toMatchObject({ agent_id: 'call_task', agent_type: 'general-purpose' });
    expect(subDeny).toMatchObject({
      session_id: 'thread-v2',
      tool_input: { file_path: '/sub.txt', content: 's' },
    });
    expect(stop).toMatchObject({
      agent_id: 'call_task',
      last_assistant_message: 'sub done',
      stop_hook_active: false,
    });
    expect(firstStop).toMatchObject({ stop_hook_active: false, last_assistant_message: 'done' });
    expect(secondStop).toMatchObject({ stop_hook_active: true, last_assistant_message: 'really done' });

    // The transcripts: the thread's at upstream's path, the subagent's beside it with its denied call.
    const transcriptRoot = join(home.path, '.deepagents', 'transcripts');
    expect(String(deny?.transcript_path).startsWith(`${transcriptRoot}/thread-v2--`)).toBe(true);
    expect(transcript(secondStop?.transcript_path).map((entry) => entry.role)).toContain('tool');
    const subagent = transcript(stop?.agent_transcript_path);
    expect(subagent[0]).toMatchObject({
      role: 'user',
      content: 'from the hook\n\ncheck it',
      agent_id: 'call_task',
    });
    expect(subagent.find((entry) => entry.role === 'tool')).toMatchObject({
      content: 'Write blocked by hook: no writes here',
    });
    expect(logger.warnings).toEqual([]);
  }, 60_000);

  it('stops after 8 Stop continuations, and lets PreCompact keep the context', async () => {
    writeUserHooks({
      Stop: [{ hooks: [respond({ decision: 'block', reason: 'again' })] }],
      PreCompact: [{ hooks: [respond('', { exit: 2, stderr: 'not now' })] }],
    });
    let model = fakeModel();
    for (let index = 0; index < 9; index++) model = model.respond(new AIMessage(`answer ${index}`));
    const hooks = hooksFor({
      summarization: { trigger: { type: 'messages', value: 4 }, keep: { type: 'messages', value: 1 } },
    });
    const agent = createDeepAgent({ model, middleware: hooks, checkpointer: new MemorySaver() });
    const { messages } = await agent.invoke({ messages: [new HumanMessage('go')] }, thread);
    await hooks.close();

    const fired = payloads();
    const stops = fired.filter((payload) => payload.hook_event_name === 'Stop');
    expect(stops.map((payload) => payload.stop_hook_active)).toEqual([false, ...Array(8).fill(true)]);
    expect(messages.filter((message) => message.content === 'again')).toHaveLength(8);
    expect(messages.at(-1)?.content).toBe('answer 8');
    // Every model call from the fourth message on would have compacted: PreCompact stopped each one.
    const compacts = fired.filter((payload) => payload.hook_event_name === 'PreCompact');
    expect(compacts.length).toBeGreaterThan(0);
    expect(compacts[0]).toMatchObject({ trigger: 'auto', custom_instructions: '', session_id: 'thread-v2' });
    expect(messages.some((message) => message.additional_kwargs?.lc_source === 'summarization')).toBe(false);
  }, 60_000);

  it('puts SessionStart and UserPromptSubmit context before the prompt, refuses a prompt, ends the session', async () => {
    writeUserHooks({
      SessionStart: [{ matcher: 'startup', hooks: [respond('started here')] }],
      UserPromptSubmit: [
        {
          hooks: [
            {
              type: 'command',
              // Records, then refuses a prompt once one has mentioned a secret.
              command: `cat >> '${record}'; echo >> '${record}'; grep -q secret '${record}' && { echo 'no secrets' >&2; exit 2; }; echo 'prompt noted'`,
            },
          ],
        },
      ],
      SessionEnd: [{ hooks: [respond('')] }],
    });
    const model = fakeModel().respond(new AIMessage('hello'));
    const hooks = hooksFor();
    const agent = createDeepAgent({ model, middleware: hooks, checkpointer: new MemorySaver() });
    const first = await agent.invoke({ messages: [new HumanMessage('hi')] }, thread);
    expect(first.messages.map((message) => [message.getType(), message.content])).toEqual([
      ['system', 'started here'],
      ['system', 'prompt noted'],
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
    const second = await agent.invoke({ messages: [new HumanMessage('a secret')] }, thread);
    expect(second.messages.slice(4).map((message) => [message.getType(), message.content])).toEqual([
      ['ai', 'no secrets'],
    ]);
    await hooks.close();
    expect(
      payloads().map((payload) => [
        payload.hook_event_name,
        payload.source ?? payload.prompt ?? payload.reason,
      ]),
    ).toEqual([
      ['SessionStart', 'startup'],
      ['UserPromptSubmit', 'hi'],
      ['UserPromptSubmit', 'a secret'],
      ['SessionEnd', 'other'],
    ]);
    // The thread's transcript as SessionEnd's hook read it: the context the first run inserted included.
    const ended = payloads()[3];
    expect(transcript(ended?.transcript_path).map((entry) => [entry.role, entry.content])).toEqual([
      ['user', 'hi'],
      ['system', 'started here'],
      ['system', 'prompt noted'],
      ['assistant', 'hello'],
      ['user', 'a secret'],
      ['assistant', 'no secrets'],
    ]);
  }, 60_000);

  it('runs SubagentStart and SubagentStop at every depth, each with its own task call as agent_id', async () => {
    writeUserHooks({ SubagentStart: [{ hooks: [respond('')] }], SubagentStop: [{ hooks: [respond('')] }] });
    const model = fakeModel()
      .respondWithTools([
        { name: 'task', args: { description: 'delegate', subagent_type: 'helper' }, id: 'call_outer' },
      ])
      .respondWithTools([
        { name: 'task', args: { description: 'look', subagent_type: 'leaf' }, id: 'call_inner' },
      ])
      .respond(new AIMessage('leaf done'))
      .respond(new AIMessage('helper done'))
      .respond(new AIMessage('done'));
    const hooks = hooksFor();
    const leaf = { name: 'leaf', description: 'Looks.', systemPrompt: 'Look.' };
    const agent = createDeepAgent({
      model,
      middleware: hooks,
      subagents: [
        {
          name: 'helper',
          description: 'Delegates.',
          systemPrompt: 'Delegate.',
          middleware: [
            ...hooks,
            createSubAgentMiddleware({ defaultModel: model, subagents: [leaf], generalPurposeAgent: false }),
          ],
        },
      ],
      checkpointer: new MemorySaver(),
    });
    const { messages } = await agent.invoke({ messages: [new HumanMessage('go')] }, thread);
    await hooks.close();
    expect(String(toolMessage(messages, 'call_outer')?.content)).toBe('helper done');
    // Upstream's fields at each depth: agent_id the task call's id, agent_type its subagent_type, no parent id.
    const fired = payloads().map((payload) => [
      payload.hook_event_name,
      payload.agent_id,
      payload.agent_type,
    ]);
    expect(fired).toEqual([
      ['SubagentStart', 'call_outer', 'helper'],
      ['SubagentStart', 'call_inner', 'leaf'],
      ['SubagentStop', 'call_inner', 'leaf'],
      ['SubagentStop', 'call_outer', 'helper'],
    ]);
    expect(payloads().some((payload) => Object.keys(payload).some((key) => key.startsWith('parent')))).toBe(
      false,
    );
  }, 60_000);

  it('guards the calls of a custom subagent that runs without hookwire’s middleware', async () => {
    writeUserHooks({
      PreToolUse: [{ matcher: 'Write|Edit', hooks: [respond('', { exit: 2, stderr: 'read only' })] }],
      PostToolUse: [{ hooks: [respond('')] }],
    });
    const model = fakeModel()
      .respondWithTools([
        { name: 'task', args: { description: 'write', subagent_type: 'helper' }, id: 'call_task' },
      ])
      .respondWithTools([
        { name: 'write_file', args: { file_path: '/h.txt', content: 'h' }, id: 'call_helper_write' },
        { name: 'ls', args: { path: '/' }, id: 'call_helper_ls' },
      ])
      .respond(new AIMessage('helper done'))
      .respond(new AIMessage('done'));
    const logger = collectingLogger();
    const hooks = hooksFor({ logger });
    const agent = createDeepAgent({
      model,
      middleware: hooks,
      subagents: [{ name: 'helper', description: 'Helps.', systemPrompt: 'Help.' }],
      checkpointer: new MemorySaver(),
    });
    const { messages } = await agent.invoke({ messages: [new HumanMessage('go')] }, thread);
    await hooks.close();
    expect(String(toolMessage(messages, 'call_task')?.content)).toBe('helper done');
    const fired = payloads().map((payload) => [
      payload.hook_event_name,
      payload.tool_name,
      payload.tool_use_id,
    ]);
    expect(fired).toEqual(
      expect.arrayContaining([
        ['PreToolUse', 'Write', 'call_helper_write'],
        ['PostToolUse', 'LS', 'call_helper_ls'],
        ['PostToolUse', 'task', 'call_task'],
      ]),
    );
    expect(fired.filter(([event]) => event === 'PreToolUse')).toHaveLength(1);
    // The helper's model saw the refusal in upstream's words (its third call's input).
    const seen = model.calls[2]?.messages.find(
      (message): message is ToolMessage =>
        ToolMessage.isInstance(message) && message.tool_call_id === 'call_helper_write',
    );
    expect(seen).toMatchObject({ content: 'Write blocked by hook: read only', status: 'error' });
    expect(fired).not.toContainEqual(['PostToolUse', 'Write', 'call_helper_write']);
    expect(logger.warnings).toEqual([]);
  }, 60_000);

  it('puts a PreToolUse ask to the user through an interrupt, and runs the hook once', async () => {
    const ask = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'sure?',
      },
    };
    writeUserHooks({ PreToolUse: [{ matcher: 'LS|Glob', hooks: [respond(ask)] }] });
    const model = fakeModel()
      .respondWithTools([{ name: 'ls', args: { path: '/' }, id: 'call_ls' }])
      .respondWithTools([{ name: 'glob', args: { pattern: '*' }, id: 'call_glob' }])
      .respond(new AIMessage('done'));
    const hooks = hooksFor();
    const agent = createDeepAgent({ model, middleware: hooks, checkpointer: new MemorySaver() });
    const first = await agent.invoke({ messages: [new HumanMessage('go')] }, thread);
    expect(first.__interrupt__?.[0]?.value).toMatchObject({
      actionRequests: [{ name: 'ls', args: { path: '/' }, description: 'sure?' }],
    });
    await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), thread);
    const { messages } = await agent.invoke(
      new Command({ resume: { decisions: [{ type: 'reject', message: 'not that' }] } }),
      thread,
    );
    await hooks.close();
    expect(toolMessage(messages, 'call_ls')?.status).not.toBe('error');
    expect(toolMessage(messages, 'call_glob')).toMatchObject({
      content: 'Glob blocked by hook: Glob blocked by hook: not that',
      status: 'error',
    });
    expect(payloads().map((payload) => payload.tool_use_id)).toEqual(['call_ls', 'call_glob']);
  }, 60_000);
});
