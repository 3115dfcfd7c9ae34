import { randomUUID } from 'node:crypto';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { LLMResult } from '@langchain/core/outputs';
import { isGraphInterrupt } from '@langchain/langgraph';
import { AIMessage, ToolInvocationError } from 'langchain';
import type { ToolCall } from '../tool-gate.js';
import type { AgentLifecycle } from './agent-lifecycle.js';
import { toolResultOf } from './tool-result-of.js';

/** Gives the tool a middleware runs a guard over every tool call made inside it. */
export interface NestedToolGuard {
  /**
   * The tool to run in place of `tool` for a call the middleware has gated on `thread`: the same tool, whose
   * invocation carries a callback handler that fires the tool moments for every tool invoked within it (a
   * deepagents subagent's, whatever middleware the subagent has). Undefined stays undefined.
   */
  guard<TOOL>(tool: TOOL, thread: string): TOOL;
}

/** The part of a LangChain tool (or any runnable) the guard calls. */
interface Invocable {
  invoke(input: unknown, config?: Record<string, unknown>): Promise<unknown>;
}

/** The part of a LangChain `CallbackManager` the guard uses. */
interface CallbackManagerLike {
  readonly handlers: readonly unknown[];
  copy(): CallbackManagerLike;
  addHandler(handler: BaseCallbackHandler, inherit?: boolean): void;
}

function isInvocable(value: unknown): value is Invocable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { invoke?: unknown }).invoke === 'function'
  );
}

function isCallbackManager(value: unknown): value is CallbackManagerLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { handlers?: unknown }).handlers) &&
    typeof (value as { copy?: unknown }).copy === 'function'
  );
}

function inputOf(input: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {}
  return { input };
}

/**
 * A refusal the tool node turns into an error ToolMessage for the model that called the tool (a
 * `ToolInvocationError` is the one error LangChain feeds back rather than failing the run), its text the
 * hook's reason rather than a stack.
 */
function refusal(reason: string, call: ToolCall): ToolInvocationError {
  const cause = new Error(reason);
  cause.stack = reason;
  return new ToolInvocationError(cause, { name: call.name, args: call.input, id: call.id });
}

/** The handler's class: LangChain names it when it reports a refusal (on the console, as it does). */
class HookwireToolGuard extends BaseCallbackHandler {
  override name = 'hookwire-tool-guard';
  // Awaited, and raising: what the handler decides happens before the inner tool runs, or it does not run.
  override awaitHandlers = true;
  override raiseError = true;
}

/**
 * Guards the tool calls a middleware cannot see: those made inside a tool it ran (deepagents' `task` tool
 * runs a subagent; 1.14 gives its general-purpose subagent none of the agent's custom middleware). It relies
 * on LangChain's callbacks, which every tool call inherits from the one that contains it, not on what the
 * framework does with middleware: the handler is awaited and raises, so a refusal (or a failure of the guard
 * itself) keeps the inner tool from running. Calls the middleware gated itself (its own, and a subagent's
 * where it runs there too) are recognised by their run id and skipped, so no call fires twice.
 */
export function nestedToolGuard(
  lifecycle: AgentLifecycle,
  addContext: (thread: string, context: readonly string[]) => void,
): NestedToolGuard {
  // Run ids of the tool invocations this middleware gated in wrapToolCall.
  const gatedRuns = new Set<string>();
  const owner = Symbol('hookwire nested tool guard');

  const handlerFor = (thread: string): BaseCallbackHandler => {
    // The model's tool calls inside the guarded tool, by id: their names and inputs, exactly.
    const requested = new Map<string, { name: string; args: Record<string, unknown> }>();
    const running = new Map<string, ToolCall>();
    const methods: Partial<BaseCallbackHandler> = {
      handleLLMEnd(output: LLMResult) {
        for (const generation of output.generations.flat()) {
          const message = (generation as { message?: unknown }).message;
          if (!AIMessage.isInstance(message)) continue;
          for (const toolCall of message.tool_calls ?? []) {
            if (toolCall.id) requested.set(toolCall.id, { name: toolCall.name, args: toolCall.args });
          }
        }
      },
      async handleToolStart(_tool, input, runId, _parent, _tags, _metadata, runName, toolCallId) {
        if (gatedRuns.has(runId)) return;
        const known = toolCallId === undefined ? undefined : requested.get(toolCallId);
        const call: ToolCall = {
          name: known?.name ?? runName ?? 'unknown tool',
          input: known?.args ?? inputOf(input),
          id: toolCallId ?? '',
        };
        const gate = await lifecycle.beforeTool(thread, call);
        if (gate.action === 'refuse') throw refusal(gate.reason, call);
        if (gate.input !== call.input) {
          throw refusal(
            `a PreToolUse hook rewrote the input of ${call.name}, a call made inside another tool (a subagent's), where hookwire cannot apply a rewrite: refused`,
            call,
          );
        }
        addContext(thread, gate.context);
        running.set(runId, call);
      },
      async handleToolEnd(output, runId) {
        const call = running.get(runId);
        if (call === undefined) return;
        running.delete(runId);
        const ended = toolResultOf(output, call.id);
        const answer =
          ended.status === 'error'
            ? await lifecycle.toolFailed(thread, call, ended.error)
            : await lifecycle.afterTool(thread, call, ended.output);
        addContext(thread, answer.context);
      },
      async handleToolError(error, runId) {
        const call = running.get(runId);
        if (call === undefined) return;
        running.delete(runId);
        if (isGraphInterrupt(error)) return lifecycle.toolInterrupted(thread, call);
        const message = error instanceof Error ? error.message : String(error);
        addContext(thread, (await lifecycle.toolFailed(thread, call, message)).context);
      },
    };
    return Object.assign(new HookwireToolGuard(), methods, { [owner]: true });
  };

  const isOurs = (handler: unknown) => typeof handler === 'object' && handler !== null && owner in handler;
  /** The callbacks with this middleware's handler added, once: an inner gated call inherits the outer one. */
  const withGuard = (callbacks: unknown, thread: string): unknown => {
    if (callbacks === undefined || callbacks === null) return [handlerFor(thread)];
    if (Array.isArray(callbacks)) {
      return callbacks.some(isOurs) ? callbacks : [...callbacks, handlerFor(thread)];
    }
    if (!isCallbackManager(callbacks)) return callbacks;
    if (callbacks.handlers.some(isOurs)) return callbacks;
    const copy = callbacks.copy();
    copy.addHandler(handlerFor(thread), true);
    return copy;
  };

  return {
    guard(tool, thread) {
      if (!isInvocable(tool)) return tool;
      const invoke = async (input: unknown, config: Record<string, unknown> = {}) => {
        const runId = typeof config.runId === 'string' ? config.runId : randomUUID();
        gatedRuns.add(runId);
        try {
          return await tool.invoke(input, {
            ...config,
            runId,
            callbacks: withGuard(config.callbacks, thread),
          });
        } finally {
          gatedRuns.delete(runId);
        }
      };
      return new Proxy(tool, {
        get(target, key) {
          if (key === 'invoke') return invoke;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
}
