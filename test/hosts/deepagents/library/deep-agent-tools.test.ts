import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createDeepAgent } from 'deepagents';
import { AIMessage, HumanMessage, ToolMessage, tool } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEEPAGENTS_TOOL_NAMES,
  type LangchainHooksMiddleware,
  langchainHooksMiddleware,
} from '../../../../src/adapters/langchain/langchain-entry.js';
import { deepAgentsHooksMiddleware } from '../../../../src/hosts/deepagents/front-end/middleware-entry.js';
import {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
} from '../../../../src/hosts/deepagents/list-hooks/deepagents-dispatcher.js';
import type { ClaudeSettings } from '../../../../src/settings/settings-schema.js';
import { recorded, respondingHook, temporaryProject } from '../../../adapters/helpers.js';
import { fixture, recordedPayloads, writeHooks } from './helpers.js';

/*
 * Real `createDeepAgent` agents (their own filesystem tools, the `task` tool and its general-purpose
 * subagent) driven by LangChain's scripted fake chat model, with both of hookwire's vocabularies: Claude
 * Code's events (`hookwire/langchain`) and Deep Agents' hooks.json events (`hookwire/deepagents`).
 */

let project: ReturnType<typeof temporaryProject>;
let claudeRecord: string;
let deepRecord: string;
let claude: LangchainHooksMiddleware | undefined;
let dispatcher: DeepAgentsDispatcher;

beforeEach(() => {
  project = temporaryProject();
  claudeRecord = join(project.path, 'claude.jsonl');
  deepRecord = join(project.path, 'deep.jsonl');
  const path = writeHooks(project.path, {
    hooks: [{ command: [fixture('record-stdin.sh'), deepRecord] }],
  });
  dispatcher = createDeepAgentsDispatcher({ path });
});
afterEach(async () => {
  await claude?.close();
  claude = undefined;
  await dispatcher.close(0);
  project.cleanup();
});

const thread = { configurable: { thread_id: 'thread-1' } };
const go = { messages: [new HumanMessage('go')] };

function claudeHooks(settings: ClaudeSettings, options: Parameters<typeof langchainHooksMiddleware>[0] = {}) {
  claude = langchainHooksMiddleware({
    cwd: project.path,
    ...options,
    engineOptions: { ...project.engineOptions(settings), ...options.engineOptions },
  });
  return claude;
}

/** Settings with a recording hook on each event given, under the matcher given (every tool when absent). */
function recordingOn(events: Record<string, string | undefined>): ClaudeSettings {
  return {
    hooks: Object.fromEntries(
      Object.entries(events).map(([event, matcher]) => [
        event,
        [{ ...(matcher === undefined ? {} : { matcher }), hooks: [respondingHook(claudeRecord)] }],
      ]),
    ),
  };
}

/** A tool that answers with a Command whose ToolMessage is an error, as a state-updating tool may. */
const rejecting = tool(
  async (_input, config) =>
    new Command({
      update: {
        messages: [
          new ToolMessage({
            content: 'refused by the backend',
            tool_call_id: config.toolCall?.id ?? '',
            status: 'error',
          }),
        ],
      },
    }),
  { name: 'reject', description: 'Always refuses.', schema: z.object({}) },
);

describe('tools that return a LangGraph Command', () => {
  const writeThenDone = () =>
    fakeModel()
      .respondWithTools([
        { name: 'write_file', args: { file_path: '/notes.txt', content: 'hi' }, id: 'call_write' },
      ])
      .respondWithTools([
        {
          name: 'edit_file',
          args: { file_path: '/notes.txt', old_string: 'hi', new_string: 'hello' },
          id: 'call_edit',
        },
      ])
      .respondWithTools([{ name: 'reject', args: {}, id: 'call_bad' }])
      .respond(new AIMessage('done'));

  it('fire PostToolUse (and PostToolUseFailure) with the ToolMessage the Command carries', async () => {
    const agent = createDeepAgent({
      model: writeThenDone(),
      tools: [rejecting],
      middleware: [
        claudeHooks(recordingOn({ PostToolUse: 'write_file|edit_file', PostToolUseFailure: undefined })),
      ],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(go, thread);
    const payloads = recorded(claudeRecord);
    expect(payloads.map((payload) => [payload.hook_event_name, payload.tool_use_id])).toEqual([
      ['PostToolUse', 'call_write'],
      ['PostToolUse', 'call_edit'],
      ['PostToolUseFailure', 'call_bad'],
    ]);
    expect(payloads[0]).toMatchObject({
      tool_name: 'write_file',
      tool_input: { file_path: '/notes.txt', content: 'hi' },
      tool_response: "Successfully wrote to '/notes.txt'",
    });
    expect(payloads[2]).toMatchObject({ tool_name: 'reject', error: 'refused by the backend' });
  }, 60_000);

  it('fire tool.result (and tool.error) in the Deep Agents vocabulary', async () => {
    const hooks = deepAgentsHooksMiddleware({ dispatcher });
    const agent = createDeepAgent({
      model: writeThenDone(),
      tools: [rejecting],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(go, thread);
    await hooks.end();
    await dispatcher.close(10_000);
    const results = recordedPayloads(deepRecord).filter((payload) =>
      ['tool.result', 'tool.error'].includes((payload as { event: string }).event),
    ) as Record<string, unknown>[];
    expect(
      results.map((payload) => [payload.event, payload.tool_id ?? payload.tool_names, payload.tool_status]),
    ).toEqual(
      expect.arrayContaining([
        ['tool.result', 'call_write', 'success'],
        ['tool.result', 'call_edit', 'success'],
        ['tool.error', ['reject'], undefined],
        ['tool.result', 'call_bad', 'error'],
      ]),
    );
    expect(results).toHaveLength(4);
  }, 60_000);
});

describe('the middleware’s own dispatcher', () => {
  it('resolves a relative path once, and runs its hooks', async () => {
    mkdirSync(join(project.path, 'sub'));
    const record = join(project.path, 'relative.jsonl');
    writeHooks(join(project.path, 'sub'), {
      hooks: [{ command: [fixture('record-stdin.sh'), record], events: ['session.start', 'session.end'] }],
    });
    const previous = process.cwd();
    process.chdir(project.path);
    const hooks = deepAgentsHooksMiddleware({ path: 'sub/hooks.json', threadId: 'relative-thread' });
    process.chdir(previous);
    const agent = createDeepAgent({ model: fakeModel().respond(new AIMessage('hi')), middleware: [hooks] });
    await agent.invoke(go);
    await hooks.close(10_000);
    expect(recordedPayloads(record)).toEqual([
      { event: 'session.start', thread_id: 'relative-thread' },
      { event: 'session.end', thread_id: 'relative-thread' },
    ]);
  }, 60_000);
});

describe("the toolNames preset 'deepagents'", () => {
  it('lets Claude Code matchers (Write, LS) match Deep Agents’ own tools', async () => {
    const deny = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no writes here',
      },
    };
    const settings: ClaudeSettings = {
      hooks: {
        PreToolUse: [
          { matcher: 'Write|Edit', hooks: [respondingHook(claudeRecord, { stdout: deny })] },
          { matcher: 'LS', hooks: [respondingHook(claudeRecord)] },
        ],
      },
    };
    const model = fakeModel()
      .respondWithTools([
        { name: 'write_file', args: { file_path: '/x.txt', content: 'x' }, id: 'call_write' },
        { name: 'ls', args: { path: '/' }, id: 'call_ls' },
      ])
      .respond(new AIMessage('done'));
    const agent = createDeepAgent({
      model,
      middleware: [claudeHooks(settings, { toolNames: 'deepagents' })],
      checkpointer: new MemorySaver(),
    });
    const result = await agent.invoke(go, thread);
    const refusal = result.messages.find(
      (message) => ToolMessage.isInstance(message) && message.tool_call_id === 'call_write',
    );
    expect(refusal).toMatchObject({ content: 'no writes here', status: 'error' });
    expect(result.files ?? {}).not.toHaveProperty('/x.txt');
    const seen = recorded(claudeRecord).map((payload) => [payload.tool_name, payload.tool_use_id]);
    expect(seen.sort()).toEqual([
      ['LS', 'call_ls'],
      ['Write', 'call_write'],
    ]);
  }, 60_000);

  it('is a map to extend', () => {
    expect({ ...DEEPAGENTS_TOOL_NAMES, run_tests: 'Bash' }).toEqual({
      execute: 'Bash',
      write_file: 'Write',
      edit_file: 'Edit',
      read_file: 'Read',
      ls: 'LS',
      glob: 'Glob',
      grep: 'Grep',
      run_tests: 'Bash',
    });
  });
});

describe('tool calls inside the task tool (subagents)', () => {
  let executed: string[];
  beforeEach(() => {
    executed = [];
  });
  const shell = () =>
    tool(
      async ({ command }) => {
        executed.push(command);
        return `ran ${command}`;
      },
      { name: 'run_shell', description: 'Runs a command.', schema: z.object({ command: z.string() }) },
    );
  /** The root delegates to the general-purpose subagent, which runs `rm -rf /tmp/x` and lists `/`. */
  const delegating = () =>
    fakeModel()
      .respondWithTools([
        {
          name: 'task',
          args: { description: 'clean up', subagent_type: 'general-purpose' },
          id: 'call_task',
        },
      ])
      .respondWithTools([
        { name: 'run_shell', args: { command: 'rm -rf /tmp/x' }, id: 'call_rm' },
        { name: 'ls', args: { path: '/' }, id: 'call_ls' },
      ])
      .respond(new AIMessage('sub done'))
      .respond(new AIMessage('done'));
  const denyShell = (reason: string): ClaudeSettings => ({
    hooks: {
      PreToolUse: [
        {
          matcher: 'run_shell',
          hooks: [
            respondingHook(claudeRecord, {
              stdout: {
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'deny',
                  permissionDecisionReason: reason,
                },
              },
            }),
          ],
        },
      ],
      PostToolUse: [{ hooks: [respondingHook(claudeRecord)] }],
    },
  });

  it('fire PreToolUse for the general-purpose subagent’s calls: a deny keeps them from running', async () => {
    const model = delegating();
    const agent = createDeepAgent({
      model,
      tools: [shell()],
      middleware: [claudeHooks(denyShell('not in this repo'))],
      checkpointer: new MemorySaver(),
    });
    const result = await agent.invoke(go, thread);
    expect(executed).toEqual([]);
    expect(result.messages.at(-1)?.text).toBe('done');
    // The subagent's model read the reason as the tool's error.
    const subagentSaw = (model.calls[2]?.messages ?? []).filter((message) => ToolMessage.isInstance(message));
    expect(subagentSaw.map((message) => [message.tool_call_id, message.status])).toEqual([
      ['call_rm', 'error'],
      ['call_ls', 'success'],
    ]);
    expect(subagentSaw[0]?.text).toContain('not in this repo');
    const events = recorded(claudeRecord).map((payload) => [
      payload.hook_event_name,
      payload.tool_name,
      payload.tool_use_id,
    ]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['PreToolUse', 'run_shell', 'call_rm'],
        ['PostToolUse', 'ls', 'call_ls'],
        ['PostToolUse', 'task', 'call_task'],
      ]),
    );
    expect(events).toHaveLength(3);
    // The subagent's two calls run in parallel: their hooks record in either order.
    expect(recorded(claudeRecord).find((payload) => payload.hook_event_name === 'PreToolUse')).toMatchObject({
      session_id: 'thread-1',
      tool_input: { command: 'rm -rf /tmp/x' },
    });
  }, 60_000);

  it('refuses a subagent’s call whose input a hook rewrote, saying why', async () => {
    const rewrite: ClaudeSettings = {
      hooks: {
        PreToolUse: [
          {
            matcher: 'run_shell',
            hooks: [
              respondingHook(claudeRecord, {
                stdout: {
                  hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'true' } },
                },
              }),
            ],
          },
        ],
      },
    };
    const model = delegating();
    const agent = createDeepAgent({
      model,
      tools: [shell()],
      middleware: [claudeHooks(rewrite)],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(go, thread);
    expect(executed).toEqual([]);
    const refused = (model.calls[2]?.messages ?? []).find(
      (message) => ToolMessage.isInstance(message) && message.tool_call_id === 'call_rm',
    );
    expect(refused?.text).toContain('a PreToolUse hook rewrote the input of run_shell');
  }, 60_000);

  it('fire each call once when the subagent runs the middleware too', async () => {
    const hooks = claudeHooks(denyShell('no'));
    const model = fakeModel()
      .respondWithTools([
        { name: 'task', args: { description: 'clean up', subagent_type: 'cleaner' }, id: 'call_task' },
      ])
      .respondWithTools([
        { name: 'run_shell', args: { command: 'rm -rf /tmp/x' }, id: 'call_rm' },
        { name: 'ls', args: { path: '/' }, id: 'call_ls' },
      ])
      .respond(new AIMessage('sub done'))
      .respond(new AIMessage('done'));
    const agent = createDeepAgent({
      model,
      tools: [shell()],
      subagents: [{ name: 'cleaner', description: 'Cleans.', systemPrompt: 'Clean.', middleware: [hooks] }],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(go, thread);
    expect(executed).toEqual([]);
    const events = recorded(claudeRecord).map((payload) => [payload.hook_event_name, payload.tool_use_id]);
    expect(events.sort()).toEqual([
      ['PostToolUse', 'call_ls'],
      ['PostToolUse', 'call_task'],
      ['PreToolUse', 'call_rm'],
    ]);
  }, 60_000);

  it('fire tool.use and tool.result for them in the Deep Agents vocabulary', async () => {
    const hooks = deepAgentsHooksMiddleware({ dispatcher });
    const agent = createDeepAgent({
      model: delegating(),
      tools: [shell()],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(go, thread);
    await hooks.end();
    await dispatcher.close(10_000);
    const toolEvents = recordedPayloads(deepRecord)
      .map((payload) => payload as Record<string, unknown>)
      .filter((payload) => String(payload.event).startsWith('tool.'))
      .map((payload) => [payload.event, payload.tool_id, payload.tool_status ?? null]);
    expect(toolEvents.map((event) => JSON.stringify(event)).sort()).toEqual(
      [
        ['tool.use', 'call_task', null],
        ['tool.use', 'call_rm', null],
        ['tool.result', 'call_rm', 'success'],
        ['tool.use', 'call_ls', null],
        ['tool.result', 'call_ls', 'success'],
        ['tool.result', 'call_task', 'success'],
      ]
        .map((event) => JSON.stringify(event))
        .sort(),
    );
    expect(executed).toEqual(['rm -rf /tmp/x']);
  }, 60_000);
});

describe('both middlewares on one agent', () => {
  const blockOnce = (): ClaudeSettings => ({
    hooks: {
      Stop: [{ hooks: [respondingHook(claudeRecord, { stdout: { decision: 'block', reason: 'tests' } })] }],
    },
  });
  for (const order of ['claude first', 'deep agents first'] as const) {
    it(`fire task.complete once when a Stop hook blocks once (${order})`, async () => {
      const claudeMiddleware = claudeHooks(blockOnce(), { engineOptions: { stopBlockCap: 1 } });
      const deepMiddleware = deepAgentsHooksMiddleware({ dispatcher });
      const model = fakeModel().respond(new AIMessage('first')).respond(new AIMessage('second'));
      const agent = createDeepAgent({
        model,
        middleware:
          order === 'claude first' ? [claudeMiddleware, deepMiddleware] : [deepMiddleware, claudeMiddleware],
        checkpointer: new MemorySaver(),
      });
      const result = await agent.invoke(go, thread);
      expect(result.messages.at(-1)?.text).toBe('second');
      expect(model.callCount).toBe(2);
      await dispatcher.close(10_000);
      const completions = recordedPayloads(deepRecord).filter(
        (payload) => (payload as { event: string }).event === 'task.complete',
      );
      expect(completions).toEqual([{ event: 'task.complete', thread_id: 'thread-1' }]);
      expect(recorded(claudeRecord).map((payload) => payload.stop_hook_active)).toEqual([false, true]);
    }, 60_000);
  }
});
