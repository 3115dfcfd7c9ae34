import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { RemoveMessage } from '@langchain/core/messages';
import { interrupt, isGraphInterrupt, REMOVE_ALL_MESSAGES } from '@langchain/langgraph';
import { createSummarizationMiddleware, StateBackend } from 'deepagents';
import {
  type AgentMiddleware,
  AIMessage,
  type BaseMessage,
  createMiddleware,
  HumanMessage,
  SystemMessage,
} from 'langchain';
import { HOOKWIRE_MESSAGE_KEY } from '../../../adapters/langchain/lifecycle-middleware.js';
import {
  CodeHooksSession,
  type CodeHooksSessionOptions,
  type InvocationScope,
} from '../code-hooks-session.js';
import type { HookEvent } from '../hook-events.js';
import type { NativeInvocation, NativeToolCall } from '../project-invocation.js';
import { type HookDecision, reduceHookResults } from '../reduce-hook-results.js';
import {
  askOutcome,
  type InvokeHook,
  planToolCalls,
  preToolDenial,
  stopContinuation,
  TASK_TOOL_NAME,
} from '../server-hook-steps.js';
import { injectSubagentStartContext, taskAgentIdentity } from '../tool-results.js';
import {
  appendContext,
  applyPostToolUse,
  applySubagentStop,
  deniedToolMessage,
  fromPlain,
  type ToolResult,
  thrownToolMessage,
  toolResponse,
  toolResultError,
  toolResultText,
} from './code-hooks-tool-results.js';
import { guardSubagentTool } from './unhooked-subagent-guard.js';

/** Options of `deepAgentsCodeHooks`: the session's, plus the summarization the PreCompact gate wraps. */
export interface DeepAgentsCodeHooksOptions extends CodeHooksSessionOptions {
  /** The thread of runs whose config has no `configurable.thread_id`. Default: one random id. */
  readonly threadId?: string;
  /**
   * The options of deepagents' summarization, which hookwire's `SummarizationMiddleware` runs behind the
   * PreCompact gate. Give the `backend` you give `createDeepAgent` (default: its state backend).
   */
  readonly summarization?: Partial<Parameters<typeof createSummarizationMiddleware>[0]>;
}

/** The middlewares to put in `createDeepAgent({ middleware })`, plus how to end sessions. */
export type DeepAgentsCodeHooks = AgentMiddleware[] & {
  /**
   * The middleware for a custom subagent's `middleware` list (its tool calls get PreToolUse and
   * PostToolUse; it replaces the subagent's summarization, by name, with the PreCompact gate).
   */
  readonly subagent: AgentMiddleware;
  /** Fires SessionEnd for a thread (default: every thread started) and waits for its hooks. */
  end(threadId?: string, reason?: string): Promise<void>;
  /** `end()` for every thread. */
  close(): Promise<void>;
};

/** Where a subagent's calls run: the parent's thread and the `task` call that started it. */
interface SubagentScope {
  readonly thread: string;
  readonly agentId: string;
}

type RunConfiguration = { readonly configurable?: Readonly<Record<string, unknown>> | undefined };

function textOf(message: BaseMessage | undefined): string {
  if (message === undefined) return '';
  return typeof message.content === 'string' ? message.content : message.text;
}

function mcpServerOf(tool: unknown): string | undefined {
  const metadata = (tool as { metadata?: unknown } | undefined)?.metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  for (const key of ['mcp_server', 'mcp_server_name', 'server_name']) {
    const value = (metadata as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** How a PreToolUse decision reads for a call inside a subagent the middleware does not run in. */
function preToolReading(decision: HookDecision | null): { behavior: string; reason: string | null } {
  if (decision === null) return { behavior: 'none', reason: null };
  const permission = decision.permission ?? { behavior: 'none', reason: null };
  if (!decision.continue_processing || permission.behavior === 'deny')
    return { behavior: 'deny', reason: permission.reason || decision.stop_reason || null };
  return { behavior: permission.behavior, reason: permission.reason };
}

/**
 * A PreToolUse `ask` put to the user as Deep Agents Code does: LangChain's human-in-the-loop interrupt
 * (approve or reject); the host reads the answer (approval runs the call, anything else denies it).
 */
const askUser: Parameters<typeof planToolCalls>[3] = async (call, permission) => {
  const response = interrupt({
    actionRequests: [
      {
        name: call.name,
        args: { ...(call.args ?? {}) },
        description: permission.reason || 'PreToolUse hook requested approval',
      },
    ],
    reviewConfigs: [{ actionName: call.name, allowedDecisions: ['approve', 'reject'] }],
  }) as Parameters<typeof askOutcome>[2];
  return askOutcome(call, permission, response ?? null);
};

/**
 * Deep Agents Code's Hooks v2 in a TypeScript Deep Agents agent (`createDeepAgent`), applied as Deep Agents
 * Code's own agent applies them (docs/deepagents.md has the table):
 * - SessionStart on a thread's first run and UserPromptSubmit on each user message: their context a system
 *   message before the prompt, `continue: false` ends the run with the reason (the model is not called);
 * - PreToolUse before each tool call, under the wire tool name (`execute` is `Bash`, ...): deny (or
 *   `continue: false`) answers `"{Wire} blocked by hook: {reason}"`, ask interrupts for approval, its
 *   context is appended to the result; PostToolUse or PostToolUseFailure after it: feedback, context and a
 *   stop reason appended to the result;
 * - SubagentStart and SubagentStop around `task` (`continue: false` denies the task, context is prepended
 *   to its description; SubagentStop's context is appended to its result), and the subagent's own tool
 *   calls get PreToolUse and PostToolUse;
 * - Stop when the agent would end: a continuation adds a user message (feedback, else the stop reason, else
 *   `Continue working.`) and goes back to the model, at most 8 in a row;
 * - PreCompact (`auto`) before deepagents' summarization compacts: `continue: false` keeps the context;
 * - SessionEnd on `end()` / `close()`.
 * Hooks read the transcript at `~/.deepagents/transcripts/`, rewritten before each invocation. A failing
 * hook never fails the agent: it is a diagnostic, reported to the logger.
 */
export function deepAgentsCodeHooks(options: DeepAgentsCodeHooksOptions = {}): DeepAgentsCodeHooks {
  const session = new CodeHooksSession(options);
  const fallbackThread = options.threadId ?? randomUUID();
  const startedThreads = new Set<string>();
  const stopContinuations = new Map<string, number>();
  // PreCompact and PreToolUse decisions of a call until it is answered: a call resumed after an `ask`
  // interrupt runs its wrapper again, and its hooks must not run twice.
  const decided = new Map<string, HookDecision>();
  const subagents = new AsyncLocalStorage<SubagentScope>();
  // The call a hookwire middleware is running: the subagent guard skips it (its hooks ran here).
  const gatedCalls = new AsyncLocalStorage<string>();
  const guardContext = {
    session,
    gatedCall: () => gatedCalls.getStore(),
    logger: options.logger,
    preTool: preToolReading,
  };

  const threadOf = (runtime: RunConfiguration): string => {
    const thread = runtime.configurable?.thread_id;
    return typeof thread === 'string' && thread !== '' ? thread : fallbackThread;
  };
  const isSubagent = (runtime: RunConfiguration) => runtime.configurable?.ls_agent_type === 'subagent';
  /** The scope of a run: a subagent's is its parent's thread and its `task` call. */
  const scopeOf = (runtime: RunConfiguration): InvocationScope => {
    const subagent = isSubagent(runtime) ? subagents.getStore() : undefined;
    return subagent ?? { thread: threadOf(runtime) };
  };

  /** PreToolUse, PostToolUse(Failure), and around `task` SubagentStart/Stop, for one call. */
  const hookedToolCall = async (
    request: Parameters<NonNullable<AgentMiddleware['wrapToolCall']>>[0],
    handler: Parameters<NonNullable<AgentMiddleware['wrapToolCall']>>[1],
  ): Promise<ToolResult> => {
    const scope = scopeOf(request.runtime as RunConfiguration);
    const messages = (request.state as { messages?: BaseMessage[] }).messages ?? [];
    session.record(scope, messages);
    const mcpServer = mcpServerOf(request.tool);
    const call: NativeToolCall = {
      id: request.toolCall.id ?? '',
      name: request.toolCall.name,
      args: request.toolCall.args,
      ...(mcpServer === undefined ? {} : { mcp_server: mcpServer }),
    };
    const callId = call.id ?? '';
    const keyOf = (event: HookEvent) =>
      `${scope.thread}\u0000${scope.agentId ?? ''}\u0000${event}\u0000${callId}`;
    const invoke: InvokeHook = async (event: HookEvent, invocation: NativeInvocation) => {
      const known = decided.get(keyOf(event));
      if (known !== undefined) return known;
      const decision = (await session.invoke(event, invocation, scope)) ?? reduceHookResults([], { event });
      decided.set(keyOf(event), decision);
      return decision;
    };
    // PreCompact (for a compaction tool) and PreToolUse, as the host plans them; an `ask` interrupts here.
    const pre = (await planToolCalls([call], await session.gate(), invoke, askUser))[callId] ?? {
      behavior: 'none' as const,
      context: [],
    };
    decided.delete(keyOf('PreCompact'));
    decided.delete(keyOf('PreToolUse'));
    const denial = preToolDenial(call, pre);
    if (denial !== null) return appendContext(fromPlain(denial), pre.context, callId);

    let toolCall = request.toolCall;
    // A `task` call at any depth starts a subagent, as upstream's (its middleware is on every subagent), once:
    // a second wrapper of the same call runs inside the first one's subagent scope and fires nothing.
    const identity = call.name === TASK_TOOL_NAME ? taskAgentIdentity(call) : null;
    const task = identity !== null && subagents.getStore()?.agentId !== identity.id ? identity : null;
    if (task !== null) {
      const start = await session.invoke('SubagentStart', { agent: task }, scope);
      if (start !== null && !start.continue_processing)
        return deniedToolMessage(call, start.stop_reason || 'Blocked by SubagentStart hook');
      const injected = injectSubagentStartContext(call, start?.context ?? []);
      if (injected !== call) toolCall = { ...toolCall, args: { ...injected.args } };
    }

    const started = performance.now();
    let result: ToolResult;
    try {
      const agentScope = task === null ? null : { thread: scope.thread, agentId: task.id };
      const tool =
        agentScope === null ? request.tool : guardSubagentTool(request.tool, agentScope, guardContext);
      const run = () =>
        gatedCalls.run(callId, () => handler({ ...request, toolCall, tool }) as Promise<ToolResult>);
      result = agentScope === null ? await run() : await subagents.run(agentScope, run);
    } catch (error) {
      if (isGraphInterrupt(error)) throw error;
      result = thrownToolMessage(error, call);
    }
    const durationMs = Math.trunc(performance.now() - started);
    result = appendContext(result, pre.context, callId);

    const failure = toolResultError(result, call);
    const post = await session.invoke(
      failure === null ? 'PostToolUse' : 'PostToolUseFailure',
      failure === null
        ? { call, result: toolResponse(result), duration_ms: durationMs }
        : { call, error: failure, duration_ms: durationMs },
      scope,
    );
    if (post !== null) result = applyPostToolUse(result, post, callId);

    if (task !== null) {
      const stop = await session.invoke(
        'SubagentStop',
        { agent: task, continuation_count: 0, last_assistant_message: toolResultText(result, callId) },
        scope,
      );
      if (stop !== null) result = applySubagentStop(result, stop, callId);
    }
    return result;
  };

  const main = createMiddleware({
    name: 'DeepAgentsCodeHooks',
    beforeAgent: {
      canJumpTo: ['end'],
      hook: async (state, runtime) => {
        if (isSubagent(runtime)) return;
        const scope = { thread: threadOf(runtime) };
        session.record(scope, state.messages);
        const contexts: string[] = [];
        let stopped: string | null = null;
        if (!startedThreads.has(scope.thread)) {
          startedThreads.add(scope.thread);
          const start = await session.invoke('SessionStart', { cause: 'startup' }, scope);
          if (start !== null && !start.continue_processing)
            stopped = start.stop_reason || 'Session start stopped by hook';
          else if ((start?.context ?? []).length > 0) contexts.push((start?.context ?? []).join('\n\n'));
        }
        const last = state.messages.at(-1);
        const isPrompt = last?.getType() === 'human' && last.additional_kwargs?.lc_source !== 'summarization';
        let suppress = false;
        if (stopped === null && isPrompt) {
          const prompt = await session.invoke('UserPromptSubmit', { prompt: textOf(last) }, scope);
          if (prompt !== null && !prompt.continue_processing)
            stopped = prompt.stop_reason || 'User prompt submission stopped by hook';
          else {
            if ((prompt?.context ?? []).length > 0) contexts.push((prompt?.context ?? []).join('\n\n'));
            suppress = prompt?.suppress_original_prompt === true;
          }
        }
        if (stopped !== null) {
          const removed = isPrompt && last?.id !== undefined ? [new RemoveMessage({ id: last.id })] : [];
          const answer = new AIMessage({
            content: stopped,
            additional_kwargs: { [HOOKWIRE_MESSAGE_KEY]: 'prompt-blocked' },
          });
          return { messages: [...removed, answer], jumpTo: 'end' };
        }
        if (contexts.length === 0 && !suppress) return;
        // The context goes before the prompt, as Deep Agents Code inserts it: the thread is rewritten.
        const injected = contexts.map(
          (content) =>
            new SystemMessage({ content, additional_kwargs: { [HOOKWIRE_MESSAGE_KEY]: 'context' } }),
        );
        const before = isPrompt ? state.messages.slice(0, -1) : state.messages;
        const prompt = isPrompt && !suppress && last !== undefined ? [last] : [];
        return {
          messages: [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...before, ...injected, ...prompt],
        };
      },
    },
    wrapToolCall: async (request, handler) => hookedToolCall(request, handler),
    afterAgent: {
      canJumpTo: ['model'],
      hook: async (state, runtime) => {
        if (isSubagent(runtime)) return;
        const scope = { thread: threadOf(runtime) };
        session.record(scope, state.messages);
        const count = stopContinuations.get(scope.thread) ?? 0;
        const lastAssistant = state.messages.findLast((message) => AIMessage.isInstance(message));
        const decision = await session.invoke(
          'Stop',
          { continuation_count: count, last_assistant_message: textOf(lastAssistant) },
          scope,
        );
        const feedback = decision === null ? null : stopContinuation(decision);
        if (feedback === null) {
          stopContinuations.delete(scope.thread);
          return;
        }
        stopContinuations.set(scope.thread, count + 1);
        return {
          messages: [
            new HumanMessage({
              content: feedback,
              additional_kwargs: { [HOOKWIRE_MESSAGE_KEY]: 'stop-feedback' },
            }),
          ],
          jumpTo: 'model',
        };
      },
    },
  });

  const summarization = compactionGate(session, scopeOf, options.summarization ?? {});
  const subagent = createMiddleware({
    name: summarization.name,
    stateSchema: summarization.stateSchema,
    wrapModelCall: async (request, handler) => {
      const response = await summarization.wrapModelCall(request, handler);
      // A subagent's messages reach its transcript here and at its tool calls (the parent sees only its answer).
      if (isSubagent(request.runtime as RunConfiguration)) {
        const messages = (request.state as { messages?: BaseMessage[] }).messages ?? [];
        session.record(scopeOf(request.runtime as RunConfiguration), [
          ...messages,
          ...(AIMessage.isInstance(response) ? [response] : []),
        ]);
      }
      return response;
    },
    // The main agent's calls are the main middleware's; a subagent's come here.
    wrapToolCall: async (request, handler) =>
      isSubagent(request.runtime as RunConfiguration) ? hookedToolCall(request, handler) : handler(request),
  });

  const end = async (threadId?: string, reason = 'other'): Promise<void> => {
    const threads = threadId === undefined ? [...startedThreads] : [threadId];
    for (const thread of threads) {
      startedThreads.delete(thread);
      await session.invoke('SessionEnd', { cause: reason }, { thread });
    }
  };
  return Object.assign([main, subagent] as AgentMiddleware[], {
    subagent,
    end,
    close: () => end(),
  });
}

/** Thrown from the summary model call when a PreCompact hook stops the compaction. */
class CompactionStopped extends Error {}

/**
 * deepagents' summarization middleware behind the PreCompact gate, under the name it replaces
 * (`SummarizationMiddleware`, in the agent and in its general-purpose subagent). deepagents decides whether
 * to compact inside its middleware, so the gate is its summary model call: PreCompact (`auto`) fires
 * before the summary is made; `continue: false` stops it, and the model is called with the uncompacted
 * context (a previous compaction still applied), as Deep Agents Code does. Without PreCompact handlers
 * the summarization runs untouched.
 */
function compactionGate(
  session: CodeHooksSession,
  scopeOf: (runtime: RunConfiguration) => InvocationScope,
  options: Partial<Parameters<typeof createSummarizationMiddleware>[0]>,
) {
  const inner = createSummarizationMiddleware({
    backend: (config: unknown) => new StateBackend(config as ConstructorParameters<typeof StateBackend>[0]),
    ...options,
  } as Parameters<typeof createSummarizationMiddleware>[0]);
  const wrapInner = inner.wrapModelCall as NonNullable<AgentMiddleware['wrapModelCall']>;
  const wrapModelCall: NonNullable<AgentMiddleware['wrapModelCall']> = async (request, handler) => {
    if (!(await session.handles('PreCompact'))) return wrapInner(request, handler);
    const model = request.model as unknown as { invoke(...args: unknown[]): Promise<unknown> };
    const scope = scopeOf(request.runtime as RunConfiguration);
    const gated = new Proxy(model, {
      get(target, key) {
        if (key === 'invoke')
          return async (...args: unknown[]) => {
            session.record(scope, (request.state as { messages?: BaseMessage[] }).messages ?? []);
            const decision = await session.invoke('PreCompact', { trigger: 'auto' }, scope);
            if (decision !== null && !decision.continue_processing) throw new CompactionStopped();
            return target.invoke(...args);
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    try {
      const response = await wrapInner({ ...request, model: gated as never }, (next) =>
        handler({ ...next, model: request.model }),
      );
      return response;
    } catch (error) {
      if (!(error instanceof CompactionStopped)) throw error;
      return handler({ ...request, messages: effectiveMessages(request.messages, request.state) });
    }
  };
  return { name: inner.name, stateSchema: inner.stateSchema, wrapModelCall };
}

/** The messages with a previous compaction applied (deepagents' `_summarizationEvent`). */
function effectiveMessages(messages: BaseMessage[], state: unknown): BaseMessage[] {
  const event = (state as { _summarizationEvent?: { cutoffIndex: number; summaryMessage: BaseMessage } })
    ._summarizationEvent;
  return event === undefined ? messages : [event.summaryMessage, ...messages.slice(event.cutoffIndex)];
}
