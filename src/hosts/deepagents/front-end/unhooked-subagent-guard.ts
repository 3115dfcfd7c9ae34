import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { LLMResult } from '@langchain/core/outputs';
import { isCommand } from '@langchain/langgraph';
import { AIMessage, ToolMessage } from 'langchain';
import type { Logger } from '../../../common/logger.js';
import type { CodeHooksSession, InvocationScope } from '../code-hooks-session.js';
import type { NativeToolCall } from '../project-invocation.js';
import type { HookDecision } from '../reduce-hook-results.js';
import {
  deniedToolError,
  type ToolResult,
  toolResponse,
  toolResultError,
} from './code-hooks-tool-results.js';

/*
 * The backstop for a subagent that runs without hookwire's middleware (a custom subagent whose `middleware`
 * does not list `hooks.subagent`): its tool calls happen inside the `task` call, where no middleware of the
 * parent sees them, so they would run without their PreToolUse hooks. LangChain's callbacks reach them: a
 * handler on the `task` invocation, awaited and raising, runs PreToolUse at each inner tool's start and
 * refuses with the denial's exact text (an `ask` cannot be put to the user from there: it refuses too), and
 * fires PostToolUse(Failure) at its end, whose additions cannot reach that result and are logged instead.
 * Calls a hookwire middleware already gated carry their call id in `gatedCall` and are skipped.
 */

/** The part of a LangChain tool the guard calls. */
interface Invocable {
  invoke(input: unknown, config?: Record<string, unknown>): Promise<unknown>;
}

/** The part of a LangChain `CallbackManager` used. */
interface CallbackManagerLike {
  readonly handlers: readonly unknown[];
  copy(): CallbackManagerLike;
  addHandler(handler: BaseCallbackHandler, inherit?: boolean): void;
}

/** What the guard needs from the middleware. */
export interface UnhookedSubagentGuardContext {
  readonly session: CodeHooksSession;
  /** The call id a hookwire middleware is running, if any (an AsyncLocalStorage's). */
  readonly gatedCall: () => string | undefined;
  readonly logger?: Logger | undefined;
  /** The PreToolUse reading the middleware uses: deny (with its reason), ask, or go on. */
  readonly preTool: (decision: HookDecision | null) => { behavior: string; reason: string | null };
}

function inputOf(input: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {}
  return { input };
}

class HookwireSubagentGuard extends BaseCallbackHandler {
  override name = 'hookwire-subagent-guard';
  override awaitHandlers = true;
  override raiseError = true;
}

/** The `task` tool, with the guard on every tool call made inside its invocation, for `scope`. */
export function guardSubagentTool<TOOL>(
  tool: TOOL,
  scope: InvocationScope,
  context: UnhookedSubagentGuardContext,
): TOOL {
  if (typeof (tool as Invocable | undefined)?.invoke !== 'function') return tool;
  const handler = (): BaseCallbackHandler => {
    const requested = new Map<string, Record<string, unknown>>();
    const running = new Map<string, NativeToolCall>();
    const methods: Partial<BaseCallbackHandler> = {
      handleLLMEnd(output: LLMResult) {
        for (const generation of output.generations.flat()) {
          const message = (generation as { message?: unknown }).message;
          if (!AIMessage.isInstance(message)) continue;
          for (const toolCall of message.tool_calls ?? [])
            if (toolCall.id) requested.set(toolCall.id, toolCall.args);
        }
      },
      async handleToolStart(tool, input, runId, _parent, _tags, _metadata, runName, toolCallId) {
        if (toolCallId !== undefined && context.gatedCall() === toolCallId) return;
        const name = runName ?? (tool.id ?? []).at(-1) ?? 'unknown tool';
        const call: NativeToolCall = {
          id: toolCallId ?? '',
          name,
          args: (toolCallId === undefined ? undefined : requested.get(toolCallId)) ?? inputOf(input),
        };
        const pre = context.preTool(await context.session.invoke('PreToolUse', { call }, scope));
        if (pre.behavior === 'deny') throw deniedToolError(call, pre.reason);
        if (pre.behavior === 'ask')
          throw deniedToolError(
            call,
            `${pre.reason ?? 'PreToolUse hook requested approval'} (no approval prompt inside this subagent)`,
          );
        running.set(runId, call);
      },
      async handleToolEnd(output, runId) {
        const call = running.get(runId);
        if (call === undefined) return;
        running.delete(runId);
        const result: ToolResult =
          ToolMessage.isInstance(output) || isCommand(output)
            ? (output as ToolResult)
            : new ToolMessage({
                content: typeof output === 'string' ? output : JSON.stringify(output),
                tool_call_id: call.id ?? '',
                name: call.name,
              });
        const failure = toolResultError(result, call);
        const decision = await context.session.invoke(
          failure === null ? 'PostToolUse' : 'PostToolUseFailure',
          failure === null ? { call, result: toolResponse(result) } : { call, error: failure },
          scope,
        );
        const additions = [...(decision?.feedback ?? []), ...(decision?.context ?? [])];
        if (additions.length > 0)
          context.logger?.warn(
            `deepagents hooks: the PostToolUse text for ${call.name} inside a subagent without hookwire's middleware was not appended to its result (add hooks.subagent to that subagent's middleware)`,
          );
      },
    };
    return Object.assign(new HookwireSubagentGuard(), methods);
  };
  const withGuard = (callbacks: unknown): unknown => {
    if (callbacks === undefined || callbacks === null) return [handler()];
    if (Array.isArray(callbacks)) return [...callbacks, handler()];
    const manager = callbacks as CallbackManagerLike;
    if (typeof manager.copy !== 'function') return callbacks;
    const copy = manager.copy();
    copy.addHandler(handler(), true);
    return copy;
  };
  const invocable = tool as Invocable;
  return new Proxy(invocable, {
    get(target, key) {
      if (key === 'invoke')
        return (input: unknown, config: Record<string, unknown> = {}) =>
          target.invoke(input, { ...config, callbacks: withGuard(config.callbacks) });
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as TOOL;
}
