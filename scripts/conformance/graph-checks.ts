import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RunnableLambda } from '@langchain/core/runnables';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createDeepAgent } from 'deepagents';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage, tool } from 'langchain';
import { z } from 'zod';
import { deepAgentsCodeHooks } from '../../src/hosts/deepagents/front-end/middleware-entry.js';
import { firstDifference } from './compare.js';
import type { Check, Vector } from './lifecycle-helpers.js';

/*
 * The server middleware's tests that upstream runs through a compiled graph, run here through a real
 * `createDeepAgent` agent (LangChain's scripted fake chat model, a MemorySaver checkpointer) with
 * `deepAgentsCodeHooks` as its middleware. Each vector gives the hooks document (`config.hooks`, whose
 * handlers print the wire output in `handler_outputs`), the model's turns (`payload.turns`: tool calls or a
 * text answer) and the resumes (`payload.resumes`); `expect` names what the run shows, each key read from
 * the run by `observe`.
 */

interface Turn {
  readonly calls?: readonly { name: string; args: Record<string, unknown>; id: string }[];
  readonly text?: string;
}

/** A handler that records its payload in `record` and prints `stdout` (once: only on its first run). */
function recordingHook(record: string, stdout: string, tmp: string, name: string, once = false): unknown {
  const script = join(tmp, `${name}.mjs`);
  const marker = join(tmp, `${name}.ran`);
  writeFileSync(
    script,
    [
      "import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';",
      `appendFileSync(${JSON.stringify(record)}, readFileSync(0, 'utf8').replace(/\\n/g, ' ') + '\\n');`,
      `if (${once} && existsSync(${JSON.stringify(marker)})) process.exit(0);`,
      `writeFileSync(${JSON.stringify(marker)}, '');`,
      `process.stdout.write(${JSON.stringify(stdout)});`,
    ].join('\n'),
  );
  return { type: 'command', command: `'${process.execPath}' '${script}'` };
}

/** What one run of the graph shows. */
interface Observed {
  readonly executed: readonly string[];
  readonly subagentsRan: readonly string[];
  readonly messages: readonly BaseMessage[];
  readonly interrupted: readonly boolean[];
  readonly payloads: readonly Record<string, unknown>[];
  readonly stateKeys: readonly string[];
}

/** Runs the vector's graph: its hooks, turns, tools (each records that it ran) and resumes. */
async function runGraph(vector: Vector, tmp: string): Promise<Observed> {
  const payload = (vector.payload ?? {}) as Record<string, unknown>;
  const config = (vector.config ?? {}) as { hooks?: Record<string, unknown[]> };
  const outputs = (vector.handler_outputs ?? []) as { event: string; stdout: string; once?: boolean }[];
  const record = join(tmp, 'payloads.jsonl');
  const hooks: Record<string, unknown[]> = {};
  for (const [index, output] of outputs.entries()) {
    const group = { hooks: [recordingHook(record, output.stdout, tmp, `hook-${index}`, output.once)] };
    hooks[output.event] = [...(hooks[output.event] ?? []), group];
  }
  for (const [event, groups] of Object.entries(config.hooks ?? {}))
    hooks[event] = [...(hooks[event] ?? []), ...groups];
  const path = join(tmp, 'home', '.deepagents', 'hooks.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ hooks }));

  const executed: string[] = [];
  const tools = ((payload.tools ?? []) as string[]).map((name) =>
    tool(
      async ({ target }: { target?: string }) => {
        executed.push(`${name}:${target ?? ''}`);
        return `ran on ${target ?? ''}`;
      },
      { name, description: `The ${name} tool.`, schema: z.object({ target: z.string().optional() }) },
    ),
  );
  const subagentsRan: string[] = [];
  const subagents = ((payload.subagents ?? []) as { name: string; content: string }[]).map((agent) => ({
    name: agent.name,
    description: `The ${agent.name} subagent.`,
    runnable: RunnableLambda.from(async () => {
      subagentsRan.push(agent.name);
      return { messages: [new AIMessage(agent.content)] };
    }),
  }));
  let model = fakeModel();
  for (const turn of (payload.turns ?? []) as Turn[])
    model =
      turn.calls === undefined
        ? model.respond(new AIMessage(turn.text ?? ''))
        : model.respondWithTools(turn.calls.map((call) => ({ ...call })));
  const middleware = deepAgentsCodeHooks({
    home: join(tmp, 'home'),
    cwd: tmp,
    trustProjectHooks: false,
    plugins: [],
    transcriptRoot: join(tmp, 'transcripts'),
  });
  const agent = createDeepAgent({
    model,
    tools,
    subagents,
    middleware,
    checkpointer: new MemorySaver(),
  } as Parameters<typeof createDeepAgent>[0]);
  const thread = { configurable: { thread_id: 'thread-graph' } };
  const interrupted: boolean[] = [];
  const inputs = [
    { messages: [new HumanMessage(String(payload.prompt ?? 'go'))] },
    ...((payload.resumes ?? []) as unknown[]).map((resume) =>
      resume === 'again'
        ? null
        : resume === 'prompt'
          ? { messages: [new HumanMessage('and again')] }
          : new Command({ resume }),
    ),
  ];
  let result: Record<string, unknown> = {};
  for (const input of inputs) {
    result = (await agent.invoke(input as never, thread)) as Record<string, unknown>;
    interrupted.push(Array.isArray(result.__interrupt__) && result.__interrupt__.length > 0);
  }
  await middleware.close();
  const state = ((
    await (agent as unknown as { getState(c: unknown): Promise<{ values: unknown }> }).getState(thread)
  ).values ?? {}) as Record<string, unknown>;
  const payloads = existsSync(record)
    ? readFileSync(record, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
  return {
    executed,
    subagentsRan,
    messages: (result.messages ?? []) as BaseMessage[],
    interrupted,
    payloads,
    stateKeys: [...Object.keys(result), ...Object.keys(state)],
  };
}

const toolMessages = (observed: Observed): ToolMessage[] =>
  observed.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));

/** The value of one `expect` key, read from the run. */
function observe(key: string, observed: Observed): unknown {
  const results = toolMessages(observed);
  const stop = observed.payloads.filter((payload) => payload.hook_event_name === 'Stop');
  const readers: Record<string, () => unknown> = {
    executed: () => observed.executed,
    'subagents ran': () => observed.subagentsRan,
    interrupted: () => observed.interrupted,
    'tool results': () =>
      Object.fromEntries(results.map((message) => [message.tool_call_id, message.content])),
    'tool result statuses': () =>
      Object.fromEntries(results.map((message) => [message.tool_call_id, message.status ?? 'success'])),
    'hook events': () => observed.payloads.map((payload) => payload.hook_event_name),
    'hook state keys in the graph state': () =>
      [...new Set(observed.stateKeys.filter((name) => name.startsWith('_hooks')))].sort(),
    'Stop stop_hook_active': () => stop.map((payload) => payload.stop_hook_active),
    'last message': () => observed.messages.at(-1)?.content,
  };
  const reader = readers[key];
  if (reader !== undefined) return reader();
  // `tool result <id> contains`: the substring is the expectation.
  const contains = /^tool result (\S+) contains$/.exec(key);
  if (contains !== null) {
    const found = results.find((message) => message.tool_call_id === contains[1]);
    return { contains: found === undefined ? null : String(found.content) };
  }
  return `(no reading for "${key}")`;
}

/** Runs the graph and compares each `expect` key with what the run shows. */
const graphCheck: Check = async (vector, tmp) => {
  const observed = await runGraph(vector, tmp);
  const expect = vector.expect as Record<string, unknown>;
  for (const [key, wanted] of Object.entries(expect)) {
    const actual = observe(key, observed);
    if (
      typeof actual === 'object' &&
      actual !== null &&
      'contains' in actual &&
      !Array.isArray(actual) &&
      Object.keys(actual).length === 1
    ) {
      const content = (actual as { contains: string | null }).contains;
      const parts = Array.isArray(wanted) ? wanted.map(String) : [String(wanted)];
      const missing = parts.filter((part) => content === null || !content.includes(part));
      if (missing.length > 0) return `${key}: ${JSON.stringify(content)} lacks ${JSON.stringify(missing)}`;
      continue;
    }
    const difference = firstDifference(wanted, actual, key);
    if (difference !== null) return difference;
  }
  return null;
};

/** The server tests run through the real graph, by upstream test function. */
export const GRAPH_TESTS: readonly string[] = [
  'test_server_hook_state_fields_are_private',
  'test_task_omits_private_server_hook_state_from_subagent_update',
  'test_parallel_tasks_do_not_merge_subagent_server_hook_state',
  'test_pretool_deny_blocks_tool_through_real_graph',
  'test_real_checkpointer_resume_replays_stable_hook_identity',
  'test_pre_tool_allow_bypasses_hitl_and_preserves_context',
  'test_server_pre_tool_node_runs_before_stock_hitl',
  'test_pre_tool_ask_reaches_hitl_before_execution',
  'test_pre_tool_deny_skips_hitl_and_execution',
  'test_precompact_block_skips_hitl_and_tool_execution',
  'test_stop_resets_continuation_count_when_finished',
  'test_emit_stop_false_skips_after_agent',
  'test_subagent_start_deny_returns_error_tool_message',
];

export const GRAPH_CHECKS: Readonly<Record<string, Check>> = Object.fromEntries(
  GRAPH_TESTS.map((name) => [name, graphCheck]),
);
