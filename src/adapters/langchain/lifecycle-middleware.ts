import { randomUUID } from 'node:crypto';
import { RemoveMessage } from '@langchain/core/messages';
import { isGraphInterrupt } from '@langchain/langgraph';
import {
  type AgentMiddleware,
  AIMessage,
  type BaseMessage,
  createMiddleware,
  HumanMessage,
  ToolMessage,
} from 'langchain';
import type { ToolCall } from '../tool-gate.js';
import type { AgentLifecycle } from './agent-lifecycle.js';
import { nestedToolGuard } from './nested-tool-guard.js';
import { stopPasses } from './stop-passes.js';
import { toolResultOf } from './tool-result-of.js';
import { validateToolInput } from './validate-tool-input.js';

/** Marks the messages this middleware adds (`additional_kwargs.hookwire`), so that hosts can tell them apart. */
export const HOOKWIRE_MESSAGE_KEY = 'hookwire';

/** Options of `lifecycleMiddleware`. */
export interface LifecycleMiddlewareOptions {
  /** The middleware's name in the agent (LangChain requires unique names). */
  readonly name: string;
  /** The session of runs whose config has no `configurable.thread_id`. */
  readonly fallbackThreadId?: string;
}

/** The middleware, plus the threads it started. */
export type LifecycleMiddleware = AgentMiddleware & {
  /** The threads whose session started and has not ended, in start order. */
  readonly startedThreads: Set<string>;
};

/** The part of a LangGraph runtime read here. */
type RunConfiguration = { readonly configurable?: Readonly<Record<string, unknown>> | undefined };

function textOf(message: BaseMessage | undefined): string {
  if (message === undefined) return '';
  return typeof message.content === 'string' ? message.content : message.text;
}

/** A user message from the middleware (context, Stop feedback), marked so. */
function hookMessage(content: string, kind: string): HumanMessage {
  return new HumanMessage({ content, additional_kwargs: { [HOOKWIRE_MESSAGE_KEY]: kind } });
}

/**
 * The one mapping of a LangChain v1 agent's loop (`createAgent`, `createDeepAgent`) onto hook moments,
 * answered by a vocabulary (`AgentLifecycle`):
 * - `beforeAgent`: `sessionStart` on a thread's first invocation, then `prompt` when the last message is the
 *   user's; a blocked prompt is removed from the state, an AI message carries the reason, and the run ends
 *   without calling the model;
 * - `beforeModel`: the context the moments returned reaches the model as one user message (kept in the
 *   thread, as Claude Code keeps hook context in its transcript);
 * - `wrapModelCall`: `beforeModelCall` / `afterModelCall` (the Deep Agents vocabulary's compaction and
 *   permission events);
 * - `wrapToolCall`: `beforeTool` (refuse: the tool does not run, an error ToolMessage carries the reason;
 *   a rewritten input is checked against the tool's schema), then `afterTool`, `toolFailed` or
 *   `toolInterrupted`;
 * - `afterAgent`: `stop`; continuing adds the instruction as a user message and jumps back to the model.
 * Session moments and `stop` are skipped for deepagents subagents (internal runs of the `task` tool). Tool
 * calls made inside a tool (a subagent's, which may not have this middleware) get the tool moments through
 * `nestedToolGuard`.
 */
export function lifecycleMiddleware(
  lifecycle: AgentLifecycle,
  options: LifecycleMiddlewareOptions,
): LifecycleMiddleware {
  const fallbackThreadId = options.fallbackThreadId ?? randomUUID();
  const startedThreads = new Set<string>();
  // Context waiting for the model's next call, per thread.
  const pendingContext = new Map<string, string[]>();
  // Threads whose current run had its prompt blocked: that run ends without a Stop.
  const blockedRuns = new Set<string>();
  // A tool that interrupted runs again from the start on resume: its call already passed beforeTool.
  const interruptedCalls = new Map<string, Record<string, unknown>>();

  const threadOf = (runtime: RunConfiguration) => {
    const threadId = runtime.configurable?.thread_id;
    return typeof threadId === 'string' && threadId !== '' ? threadId : fallbackThreadId;
  };
  // deepagents marks the runs of its `task` tool so; the root agent is `root`.
  const isSubagent = (runtime: RunConfiguration) => runtime.configurable?.ls_agent_type === 'subagent';
  const addContext = (thread: string, context: readonly string[]) => {
    if (context.length === 0) return;
    pendingContext.set(thread, [...(pendingContext.get(thread) ?? []), ...context]);
  };

  const nestedTools = nestedToolGuard(lifecycle, addContext);
  // This middleware's place among the Stop gates of its agent (see stopPasses).
  const stopGate = Symbol(options.name);

  const middleware = createMiddleware({
    name: options.name,
    beforeAgent: {
      canJumpTo: ['end'],
      hook: async (state, runtime) => {
        if (isSubagent(runtime)) return;
        const thread = threadOf(runtime);
        blockedRuns.delete(thread);
        if (!lifecycle.stopNotifies) stopPasses.join(thread, stopGate);
        if (!startedThreads.has(thread)) {
          startedThreads.add(thread);
          addContext(thread, (await lifecycle.sessionStart(thread)).context);
        }
        const last = state.messages.at(-1);
        if (last?.getType() !== 'human' || last.additional_kwargs?.lc_source === 'summarization') return;
        const gate = await lifecycle.prompt(thread, textOf(last));
        if (!gate.blocked) {
          addContext(thread, gate.context);
          return;
        }
        blockedRuns.add(thread);
        const removed = last.id === undefined ? [] : [new RemoveMessage({ id: last.id })];
        const answer = new AIMessage({
          content: gate.reason,
          additional_kwargs: { [HOOKWIRE_MESSAGE_KEY]: 'prompt-blocked' },
        });
        return { messages: [...removed, answer], jumpTo: 'end' };
      },
    },
    beforeModel: async (_state, runtime) => {
      const thread = threadOf(runtime);
      const context = pendingContext.get(thread);
      if (context === undefined) return;
      pendingContext.delete(thread);
      return { messages: [hookMessage(context.join('\n\n'), 'context')] };
    },
    wrapModelCall: async (request, handler) => {
      const thread = threadOf(request.runtime);
      const call = { messages: request.messages, state: request.state, runtime: request.runtime };
      lifecycle.beforeModelCall?.(thread, call);
      const response = await handler(request);
      if (lifecycle.afterModelCall && AIMessage.isInstance(response)) {
        const toolCalls = (response.tool_calls ?? []).map((toolCall) => ({
          name: toolCall.name,
          input: toolCall.args,
          id: toolCall.id ?? '',
        }));
        await lifecycle.afterModelCall(thread, call, toolCalls);
      }
      return response;
    },
    wrapToolCall: async (request, handler) => {
      const thread = threadOf(request.runtime);
      const { name, id = '', args } = request.toolCall;
      const call: ToolCall = { name, input: args, id };
      let input = interruptedCalls.get(id);
      interruptedCalls.delete(id);
      if (input === undefined) {
        const gate = await lifecycle.beforeTool(thread, call);
        if (gate.action === 'refuse') return refusal(gate.reason, id, name);
        addContext(thread, gate.context);
        if (gate.input !== args) {
          const invalid = await validateToolInput(request.tool?.schema, gate.input);
          if (invalid !== null)
            return refusal(
              `a PreToolUse hook rewrote the input of ${name}, which its schema rejects: ${invalid}`,
              id,
              name,
            );
        }
        input = gate.input;
      }
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        // The guarded tool carries the tool moments into every tool call made inside it (a subagent's).
        const tool = nestedTools.guard(request.tool, thread);
        result = await handler({ ...request, tool, toolCall: { ...request.toolCall, args: input } });
      } catch (error) {
        if (isGraphInterrupt(error)) {
          interruptedCalls.set(id, input);
          await lifecycle.toolInterrupted(thread, call);
        } else {
          const message = error instanceof Error ? error.message : String(error);
          addContext(thread, (await lifecycle.toolFailed(thread, call, message)).context);
        }
        throw error;
      }
      // Every call that returned fires its after-tool moment, a Command (write_file, edit_file, task) too.
      const ended = toolResultOf(result, id);
      const answer =
        ended.status === 'error'
          ? await lifecycle.toolFailed(thread, call, ended.error)
          : await lifecycle.afterTool(thread, call, ended.output);
      addContext(thread, answer.context);
      return result;
    },
    afterAgent: {
      canJumpTo: ['model'],
      hook: async (state, runtime) => {
        if (isSubagent(runtime)) return;
        const thread = threadOf(runtime);
        const lastAssistant = state.messages.findLast((message) => AIMessage.isInstance(message));
        if (lifecycle.stopNotifies) {
          await stopPasses.whenEnded(thread, async () => {
            await lifecycle.stop(thread, textOf(lastAssistant));
          });
          return;
        }
        // A run whose prompt was blocked ends here, without a Stop.
        if (blockedRuns.delete(thread)) return stopPasses.decided(thread, stopGate, false);
        const gate = await lifecycle.stop(thread, textOf(lastAssistant));
        await stopPasses.decided(thread, stopGate, !('end' in gate));
        if ('end' in gate) return;
        return { messages: [hookMessage(gate.continueWith, 'stop-feedback')], jumpTo: 'model' };
      },
    },
  });
  return Object.assign(middleware, { startedThreads });
}

/** The error ToolMessage the model receives in place of a refused tool's result. */
function refusal(reason: string, id: string, name: string): ToolMessage {
  return new ToolMessage({ content: reason, tool_call_id: id, name, status: 'error' });
}
