import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { Command, interrupt, MemorySaver } from '@langchain/langgraph';
import { createDeepAgent, createSummarizationMiddleware, StateBackend } from 'deepagents';
import { AIMessage, HumanMessage, ToolMessage, tool } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepAgentsHooksMiddleware } from '../../../../src/hosts/deepagents/front-end/middleware-entry.js';
import {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
} from '../../../../src/hosts/deepagents/list-hooks/deepagents-dispatcher.js';
import { collectingLogger, fixture, recordedPayloads, temporaryDirectory, writeHooks } from './helpers.js';

/*
 * A real deepagents agent (createDeepAgent, LangGraph checkpointer, human-in-the-loop middleware) driven by
 * LangChain's scripted fake chat model: no network. The hooks are real scripts appending their stdin.
 */

const failingTool = tool(
  async (_input, config) =>
    new ToolMessage({ content: 'disk on fire', tool_call_id: config.toolCall?.id ?? '', status: 'error' }),
  { name: 'explode', description: 'Always fails.', schema: z.object({}) },
);
const throwingTool = tool(
  async () => {
    throw new Error('thrown from the tool');
  },
  { name: 'crash', description: 'Throws.', schema: z.object({}) },
);
const askUserTool = tool(async () => `answer: ${JSON.stringify(interrupt({ question: 'Which colour?' }))}`, {
  name: 'ask_user',
  description: 'Asks the user.',
  schema: z.object({}),
});
const echoTool = tool(async ({ text }) => `echo ${text}`, {
  name: 'echo',
  description: 'Echoes.',
  schema: z.object({ text: z.string() }),
});

let directory: { path: string; cleanup(): void };
let dispatcher: DeepAgentsDispatcher;
let logger: ReturnType<typeof collectingLogger>;

beforeEach(() => {
  directory = temporaryDirectory();
  logger = collectingLogger();
  const record = (name: string) => [fixture('record-stdin.sh'), join(directory.path, name)];
  const path = writeHooks(directory.path, {
    hooks: [
      { command: record('all') },
      {
        command: record('awaited'),
        events: ['session.start', 'user.prompt', 'permission.request', 'input.required'],
      },
    ],
  });
  dispatcher = createDeepAgentsDispatcher({ path, logger });
});

afterEach(async () => {
  await dispatcher.close(0);
  directory.cleanup();
});

const sorted = (payloads: unknown[]) => payloads.map((payload) => JSON.stringify(payload)).sort();

// 180 s each: a real agent and a dozen hook processes; one run at a load average of 15 on 2 cores, beside a
// second run of the same file, took more than 60 s. The tests wait on events, never on time.
describe('deepAgentsHooksMiddleware with a real deepagents agent', () => {
  it('fires the Deep Agents events at the right moments, with their exact payloads', async () => {
    const hooks = deepAgentsHooksMiddleware({ dispatcher, interruptOn: { echo: true } });
    const model = fakeModel()
      .respondWithTools([{ name: 'explode', args: {}, id: 'call_explode' }])
      .respondWithTools([{ name: 'ask_user', args: {}, id: 'call_ask' }])
      .respondWithTools([{ name: 'echo', args: { text: 'hi' }, id: 'call_echo' }])
      .respond(new AIMessage('done'))
      .respond(new AIMessage('again done'));
    const agent = createDeepAgent({
      model,
      tools: [failingTool, askUserTool, echoTool],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
      interruptOn: { echo: true },
    });
    const config = { configurable: { thread_id: 'thread-1' } };

    const first = await agent.invoke({ messages: [new HumanMessage('hello')] }, config);
    expect(first.__interrupt__?.[0]?.value).toEqual({ question: 'Which colour?' });
    const second = await agent.invoke(new Command({ resume: 'blue' }), config);
    expect(second.__interrupt__?.[0]?.value).toMatchObject({ actionRequests: [{ name: 'echo' }] });
    const third = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);
    expect(third.messages.at(-1)?.content).toBe('done');
    await agent.invoke({ messages: [new HumanMessage('once more')] }, config);
    await hooks.end();
    await dispatcher.close(10_000);

    // Events awaited by the middleware arrive in order.
    expect(recordedPayloads(join(directory.path, 'awaited'))).toEqual([
      { event: 'session.start', thread_id: 'thread-1' },
      { event: 'user.prompt' },
      { event: 'input.required' },
      { event: 'permission.request', tool_names: ['echo'] },
      { event: 'user.prompt' },
    ]);
    // Fire-and-forget events may interleave; every payload is exact.
    const explode = { tool_name: 'explode', tool_id: 'call_explode', tool_args: {} };
    const ask = { tool_name: 'ask_user', tool_id: 'call_ask', tool_args: {} };
    const echo = { tool_name: 'echo', tool_id: 'call_echo', tool_args: { text: 'hi' } };
    expect(sorted(recordedPayloads(join(directory.path, 'all')))).toEqual(
      sorted([
        { event: 'session.start', thread_id: 'thread-1' },
        { event: 'user.prompt' },
        { event: 'tool.use', ...explode },
        { event: 'tool.error', tool_names: ['explode'] },
        { event: 'tool.result', ...explode, tool_status: 'error', tool_output: 'disk on fire' },
        { event: 'tool.use', ...ask },
        { event: 'input.required' },
        { event: 'tool.result', ...ask, tool_status: 'success', tool_output: 'answer: "blue"' },
        { event: 'permission.request', tool_names: ['echo'] },
        { event: 'tool.use', ...echo },
        { event: 'tool.result', ...echo, tool_status: 'success', tool_output: 'echo hi' },
        { event: 'task.complete', thread_id: 'thread-1' },
        { event: 'user.prompt' },
        { event: 'task.complete', thread_id: 'thread-1' },
        { event: 'session.end', thread_id: 'thread-1' },
      ]),
    );
    expect(logger.warnings).toEqual([]);
  }, 180_000);

  it('fires tool.error for a tool that throws, and the error still reaches the host', async () => {
    const hooks = deepAgentsHooksMiddleware({ dispatcher, threadId: 'fallback-thread' });
    const model = fakeModel().respondWithTools([{ name: 'crash', args: {}, id: 'call_crash' }]);
    const agent = createDeepAgent({ model, tools: [throwingTool], middleware: [hooks] });
    await expect(agent.invoke({ messages: [new HumanMessage('go')] })).rejects.toThrow(
      'thrown from the tool',
    );
    await dispatcher.close(10_000);
    const crash = { tool_name: 'crash', tool_id: 'call_crash', tool_args: {} };
    expect(sorted(recordedPayloads(join(directory.path, 'all')))).toEqual(
      sorted([
        { event: 'session.start', thread_id: 'fallback-thread' },
        { event: 'user.prompt' },
        { event: 'tool.use', ...crash },
        { event: 'tool.error', tool_names: ['crash'] },
        { event: 'tool.result', ...crash, tool_status: 'error', tool_output: 'thrown from the tool' },
      ]),
    );
  }, 180_000);

  it('fires context.compact once when the summarization middleware compacts the conversation', async () => {
    const hooks = deepAgentsHooksMiddleware({ dispatcher });
    const model = fakeModel()
      .respondWithTools([{ name: 'echo', args: { text: 'one' }, id: 'call_1' }])
      .respondWithTools([{ name: 'echo', args: { text: 'two' }, id: 'call_2' }])
      // The summarization middleware summarises with the agent's own model: this is the summary.
      .respond(new AIMessage('SUMMARY OF EARLIER TURNS'))
      .respond(new AIMessage('finished'));
    const agent = createDeepAgent({
      model,
      tools: [echoTool],
      middleware: [
        createSummarizationMiddleware({
          model,
          backend: (config: ConstructorParameters<typeof StateBackend>[0]) => new StateBackend(config),
          trigger: { type: 'messages', value: 4 },
          keep: { type: 'messages', value: 2 },
        }),
        hooks,
      ],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(
      { messages: [new HumanMessage('start')] },
      { configurable: { thread_id: 'thread-c' } },
    );
    await dispatcher.close(10_000);
    const compacts = recordedPayloads(join(directory.path, 'all')).filter(
      (payload) => (payload as { event: string }).event === 'context.compact',
    );
    expect(compacts).toEqual([{ event: 'context.compact' }]);
    expect(model.callCount).toBe(4);
    const lastCall = model.calls
      .at(-1)
      ?.messages.map((message) => message.additional_kwargs?.lc_source ?? '');
    expect(lastCall).toContain('summarization');
  }, 180_000);
});
