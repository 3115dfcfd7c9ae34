import { Command } from '@langchain/langgraph';
import { ToolInvocationError, ToolMessage } from 'langchain';
import { type NativeToolCall, wireTool } from '../hosts/deepagents/project-invocation.js';
import type { HookDecision } from '../hosts/deepagents/reduce-hook-results.js';

/*
 * How Deep Agents Code's agent applies a decision to a tool's result (upstream `server_middleware.py`), on
 * LangChain's own objects: a refused call answered by an error ToolMessage `"{Wire} blocked by hook:
 * {reason}"`; hook text appended to the result of the one call it is about (after a blank line to a string,
 * as a text block to structured content), inside a `Command` (write_file, edit_file, task) too.
 */

/** What a tool call returns. */
export type ToolResult = ToolMessage | Command;

/** The reason a denial without one gets. */
export const DEFAULT_DENY_REASON = 'Blocked by PreToolUse hook';

/** The error ToolMessage of a refused call. */
export function deniedToolMessage(call: NativeToolCall, reason: string | null): ToolMessage {
  return new ToolMessage({
    content: `${wireTool(call).name} blocked by hook: ${reason || DEFAULT_DENY_REASON}`,
    name: call.name,
    tool_call_id: call.id ?? '',
    status: 'error',
  });
}

/**
 * A refusal thrown from inside a tool's invocation (a subagent's call seen through callbacks): LangChain's
 * tool node answers a `ToolInvocationError` with its message, which is set to the denial's exact text.
 */
export function deniedToolError(call: NativeToolCall, reason: string | null): ToolInvocationError {
  const text = String(deniedToolMessage(call, reason).content);
  const error = new ToolInvocationError(new Error(text), {
    name: call.name,
    args: { ...(call.args ?? {}) },
    id: call.id ?? '',
  });
  error.message = text;
  error.stack = text;
  return error;
}

function mergeContent(message: ToolMessage, suffix: string): ToolMessage {
  const content = message.content;
  const merged =
    typeof content === 'string'
      ? content === ''
        ? suffix
        : `${content}\n\n${suffix}`
      : [...content, { type: 'text' as const, text: suffix }];
  return new ToolMessage({
    content: merged,
    tool_call_id: message.tool_call_id,
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(message.status === undefined ? {} : { status: message.status }),
    ...(message.artifact === undefined ? {} : { artifact: message.artifact }),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  });
}

function updateMessages(command: Command): unknown[] | null {
  const update = command.update;
  if (typeof update !== 'object' || update === null || Array.isArray(update)) return null;
  const messages = (update as { messages?: unknown }).messages;
  return Array.isArray(messages) ? messages : null;
}

function isCallResult(message: unknown, callId: string): message is ToolMessage {
  return ToolMessage.isInstance(message) && message.tool_call_id === callId;
}

/** `suffix` appended to the result of `callId` only; a result that carries none of it is kept. */
export function appendToolResultText(result: ToolResult, suffix: string, callId: string): ToolResult {
  if (suffix === '') return result;
  if (ToolMessage.isInstance(result)) return mergeContent(result, suffix);
  const messages = updateMessages(result);
  if (messages === null || !messages.some((message) => isCallResult(message, callId))) return result;
  const update = {
    ...(result.update as Record<string, unknown>),
    messages: messages.map((message) =>
      isCallResult(message, callId) ? mergeContent(message, suffix) : message,
    ),
  };
  return new Command({
    update,
    ...(result.goto === undefined ? {} : { goto: result.goto }),
    ...(result.graph === undefined ? {} : { graph: result.graph }),
    ...(result.resume === undefined ? {} : { resume: result.resume }),
  });
}

/** `parts` (PreToolUse context), one a line, appended to the call's result. */
export function appendContext(result: ToolResult, parts: readonly string[], callId: string): ToolResult {
  return parts.length === 0 ? result : appendToolResultText(result, parts.join('\n'), callId);
}

function contentText(content: ToolMessage['content']): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** The text of the call's result (a `Command`'s messages for the call, one a line). */
export function toolResultText(result: ToolResult, callId: string): string {
  if (ToolMessage.isInstance(result)) return contentText(result.content);
  return (updateMessages(result) ?? [])
    .filter((message) => isCallResult(message, callId))
    .map((message) => contentText((message as ToolMessage).content))
    .join('\n');
}

/** The failure of a call: an error result's text, or `execute`'s non-zero `exit_code`; null on success. */
export function toolResultError(result: ToolResult, call: NativeToolCall): string | null {
  const callId = call.id ?? '';
  const messages = ToolMessage.isInstance(result) ? [result] : (updateMessages(result) ?? []);
  for (const message of messages) {
    if (!isCallResult(message, callId)) continue;
    if (message.status === 'error') return toolResultText(result, callId);
    const artifact = message.artifact as Record<string, unknown> | undefined;
    if (call.name !== 'execute' || typeof artifact !== 'object' || artifact === null) continue;
    const exitCode = artifact.exit_code;
    if (typeof exitCode === 'number' && Number.isInteger(exitCode) && exitCode !== 0)
      return `Command exited with non-zero status code ${exitCode}`;
  }
  return null;
}

function messageJson(message: ToolMessage): Record<string, unknown> {
  return {
    content: message.content,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    type: 'tool',
    name: message.name ?? null,
    id: message.id ?? null,
    tool_call_id: message.tool_call_id,
    artifact: message.artifact ?? null,
    status: message.status ?? 'success',
  };
}

/** PostToolUse's `tool_response`: the result as JSON, as upstream dumps the ToolMessage (or Command). */
export function toolResponse(result: ToolResult): unknown {
  if (ToolMessage.isInstance(result)) return messageJson(result);
  const update = result.update;
  const messages = updateMessages(result);
  return {
    graph: result.graph ?? null,
    update:
      messages === null
        ? (update ?? null)
        : {
            ...(update as Record<string, unknown>),
            messages: messages.map((message) =>
              ToolMessage.isInstance(message) ? messageJson(message) : message,
            ),
          },
    resume: result.resume ?? null,
    goto: result.goto,
  };
}

/** PostToolUse(Failure): feedback, context and (when a hook stopped) the stop reason appended. */
export function applyPostToolUse(result: ToolResult, decision: HookDecision, callId: string): ToolResult {
  const extras: string[] = [];
  if ((decision.feedback ?? []).length > 0) extras.push((decision.feedback ?? []).join('\n'));
  if ((decision.context ?? []).length > 0) extras.push((decision.context ?? []).join('\n'));
  if (decision.stop_reason && !decision.continue_processing) extras.push(decision.stop_reason);
  const suffix = extras.filter((part) => part !== '').join('\n\n');
  return suffix === '' ? result : appendToolResultText(result, suffix, callId);
}

/** What LangChain's tool node answers for an error a tool threw (its default `handleToolErrors`). */
export function thrownToolMessage(error: unknown, call: NativeToolCall): ToolMessage {
  const content = ToolInvocationError.isInstance(error)
    ? error.message
    : `${String(error)}\n Please fix your mistakes.`;
  return new ToolMessage({ content, tool_call_id: call.id ?? '', name: call.name, status: 'error' });
}
