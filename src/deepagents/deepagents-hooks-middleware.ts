import { randomUUID } from 'node:crypto';
import { isGraphInterrupt } from '@langchain/langgraph';
import { type AgentMiddleware, AIMessage, type BaseMessage, createMiddleware, ToolMessage } from 'langchain';
import type { Logger } from '../common/logger.js';
import { createDeepAgentsDispatcher, type DeepAgentsDispatcher } from './deepagents-dispatcher.js';
import { type InterruptOn, interruptingToolCalls } from './interrupting-tool-calls.js';

/** Options of `deepAgentsHooksMiddleware`. */
export interface DeepAgentsHooksMiddlewareOptions {
  /** A dispatcher to share; when omitted one is created for `path` and closed by `close()`. */
  readonly dispatcher?: DeepAgentsDispatcher;
  /** The hooks file when no dispatcher is given. Default: `<home>/.deepagents/hooks.json`. */
  readonly path?: string;
  readonly logger?: Logger;
  /**
   * The thread id when the run's config has none (`configurable.thread_id`). Default: one random id per
   * middleware instance.
   */
  readonly threadId?: string;
  /**
   * The `interruptOn` map given to `createDeepAgent` (or `humanInTheLoopMiddleware`). The approval interrupt
   * happens in that middleware, which runs before this one can see it, so the same map is needed here to
   * fire `permission.request` before the interrupt.
   */
  readonly interruptOn?: InterruptOn;
}

/** The middleware, plus how to end sessions. */
export type DeepAgentsHooksMiddleware = AgentMiddleware & {
  /** Fires `session.end` for a thread (default: every thread this middleware started) and waits for it. */
  end(threadId?: string): Promise<void>;
  /** `end()`, then closes the dispatcher if this middleware created it. */
  close(deadlineMs?: number): Promise<void>;
};

/** The part of a LangGraph runtime read here. */
type RunConfiguration = { readonly configurable?: Readonly<Record<string, unknown>> | undefined };

/** The summary message deepagents' summarization middleware puts first once it has compacted. */
function summaryText(messages: readonly BaseMessage[]): string | undefined {
  const first = messages[0];
  if (first?.additional_kwargs?.lc_source !== 'summarization') return undefined;
  return typeof first.content === 'string' ? first.content : JSON.stringify(first.content);
}

function stringOf(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/**
 * A LangChain agent middleware that makes an agent built with `deepagents` (or `createAgent`) fire the Deep
 * Agents hooks of `hooks.json` at the moments Deep Agents Code does:
 * - `session.start` on a thread's first invocation, then `user.prompt` on each invocation that brings a user
 *   message (both awaited before the agent runs);
 * - `tool.use` before each tool call, `tool.result` after it, `tool.error` when it returns an error
 *   ToolMessage or throws;
 * - `permission.request` when the model asks for tool calls that `interruptOn` will stop for, and
 *   `input.required` when a tool interrupts for the user (`interrupt()`): both awaited before the interrupt
 *   reaches the host;
 * - `context.compact` when the summarization middleware has compacted the conversation (before the model
 *   sees the compacted context);
 * - `task.complete` when the agent loop ends without an interrupt;
 * - `session.end` on `end()` / `close()`.
 * Lifecycle events (session, prompt, task) are not fired for deepagents subagents, which are internal runs.
 * Hooks can never fail the agent: the dispatcher logs their failures.
 */
export function deepAgentsHooksMiddleware(
  options: DeepAgentsHooksMiddlewareOptions = {},
): DeepAgentsHooksMiddleware {
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    createDeepAgentsDispatcher({
      ...(options.path ? { path: options.path } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  const fallbackThreadId = options.threadId ?? randomUUID();
  const startedThreads = new Set<string>();
  const firedSummaries = new Set<string>();
  // A tool that interrupted runs again from the start on resume: its tool.use was already fired.
  const interruptedCalls = new Set<string>();

  const threadOf = (runtime: RunConfiguration) => {
    const threadId = runtime.configurable?.thread_id;
    return typeof threadId === 'string' && threadId !== '' ? threadId : fallbackThreadId;
  };
  // deepagents marks the runs of its `task` tool so; the root agent is `root`.
  const isSubagent = (runtime: RunConfiguration) => runtime.configurable?.ls_agent_type === 'subagent';

  const middleware = createMiddleware({
    name: 'DeepAgentsHooksMiddleware',
    beforeAgent: async (state, runtime) => {
      if (isSubagent(runtime)) return;
      const threadId = threadOf(runtime);
      if (!startedThreads.has(threadId)) {
        startedThreads.add(threadId);
        // Awaited (upstream does not) so that session.start hooks have run before the first user.prompt.
        await dispatcher.dispatchAndWait('session.start', { thread_id: threadId });
      }
      const last = state.messages.at(-1);
      if (last && last.getType() === 'human' && last.additional_kwargs?.lc_source !== 'summarization') {
        await dispatcher.dispatchAndWait('user.prompt', {});
      }
    },
    wrapModelCall: async (request, handler) => {
      const summary = summaryText(request.messages);
      if (summary !== undefined && !firedSummaries.has(summary)) {
        const previous = (request.state as { _summarizationEvent?: { summaryMessage?: BaseMessage } })
          ._summarizationEvent?.summaryMessage;
        firedSummaries.add(summary);
        if (previous === undefined || stringOf(previous.content) !== summary)
          dispatcher.dispatch('context.compact', {});
      }
      const response = await handler(request);
      const toolCalls = AIMessage.isInstance(response) ? (response.tool_calls ?? []) : [];
      if (options.interruptOn && toolCalls.length > 0) {
        const interrupting = await interruptingToolCalls(toolCalls, options.interruptOn, request);
        if (interrupting.length > 0) {
          await dispatcher.dispatchAndWait('permission.request', {
            tool_names: interrupting.map((toolCall) => toolCall.name),
          });
        }
      }
      return response;
    },
    wrapToolCall: async (request, handler) => {
      const { name, id, args } = request.toolCall;
      const call = { tool_name: name, tool_id: id ?? '', tool_args: args };
      if (!interruptedCalls.delete(call.tool_id)) dispatcher.dispatch('tool.use', call);
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler(request);
      } catch (error) {
        if (isGraphInterrupt(error)) {
          interruptedCalls.add(call.tool_id);
          await dispatcher.dispatchAndWait('input.required', {});
        } else {
          dispatcher.dispatch('tool.error', { tool_names: [name] });
          const message = error instanceof Error ? error.message : String(error);
          dispatcher.dispatch('tool.result', { ...call, tool_status: 'error', tool_output: message });
        }
        throw error;
      }
      if (ToolMessage.isInstance(result)) {
        const failed = result.status === 'error';
        if (failed) dispatcher.dispatch('tool.error', { tool_names: [name] });
        dispatcher.dispatch('tool.result', {
          ...call,
          tool_status: failed ? 'error' : 'success',
          tool_output: stringOf(result.content),
        });
      }
      return result;
    },
    afterAgent: async (_state, runtime) => {
      if (isSubagent(runtime)) return;
      dispatcher.dispatch('task.complete', { thread_id: threadOf(runtime) });
    },
  });

  const end = async (threadId?: string): Promise<void> => {
    const threads = threadId === undefined ? [...startedThreads] : [threadId];
    for (const thread of threads) {
      startedThreads.delete(thread);
      await dispatcher.dispatchAndWait('session.end', { thread_id: thread });
    }
  };
  return Object.assign(middleware, {
    end,
    async close(deadlineMs?: number) {
      await end();
      if (ownsDispatcher) await dispatcher.close(deadlineMs);
    },
  });
}
