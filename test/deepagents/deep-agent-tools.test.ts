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
} from '../../src/adapters/langchain/langchain-entry.js';
import {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
} from '../../src/deepagents/deepagents-dispatcher.js';
import { deepAgentsHooksMiddleware } from '../../src/deepagents/middleware-entry.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { recorded, respondingHook, temporaryProject } from '../adapters/helpers.js';
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
    engineOptions: project.engineOptions(settings),
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
