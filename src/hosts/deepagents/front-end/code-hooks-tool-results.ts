import { Command } from '@langchain/langgraph';
import { ToolInvocationError, ToolMessage } from 'langchain';
import type { NativeToolCall } from '../project-invocation.js';
import type { HookDecision } from '../reduce-hook-results.js';
import * as wire from '../tool-results.js';

/*
 * The host's rules for a tool's result (src/hosts/deepagents/tool-results.ts: the denial's words, hook text
 * appended to the one call's result, what counts as a failure) applied to LangChain's own objects: a
 * ToolMessage or a `Command` is read into the host's plain shape, the rule applied, and the answer built
 * back with what the plain shape does not carry (message ids, kwargs, the Command's other fields) kept.
 */

/** What a tool call returns. */
export type ToolResult = ToolMessage | Command;

function plainMessage(message: ToolMessage): wire.ToolMessage {
  return {
    type: 'tool',
    content: message.content as wire.ToolMessage['content'],
    tool_call_id: message.tool_call_id,
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(message.status === undefined ? {} : { status: message.status }),
    ...(message.artifact === undefined ? {} : { artifact: message.artifact }),
  };
}

function updateMessages(command: Command): unknown[] | null {
  const update = command.update;
  if (typeof update !== 'object' || update === null || Array.isArray(update)) return null;
  const messages = (update as { messages?: unknown }).messages;
  return Array.isArray(messages) ? messages : null;
}

/** The host's plain shape of a result. */
export function plainResult(result: ToolResult): wire.ToolOutcome {
  if (ToolMessage.isInstance(result)) return plainMessage(result);
  const update = typeof result.update === 'object' && result.update !== null ? result.update : {};
  const messages = updateMessages(result);
  return {
    type: 'command',
    update:
      messages === null
        ? (update as Record<string, unknown>)
        : {
            ...(update as Record<string, unknown>),
            messages: messages.map((message) =>
              ToolMessage.isInstance(message) ? plainMessage(message) : message,
            ),
          },
  };
}

/** A plain message as a ToolMessage, keeping what `original` (the same call's) carried beyond it. */
function langchainMessage(message: wire.ToolMessage, original?: ToolMessage): ToolMessage {
  if (original !== undefined && original.content === message.content) return original;
  return new ToolMessage({
    content: message.content as ToolMessage['content'],
    tool_call_id: message.tool_call_id,
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(message.status === undefined ? {} : { status: message.status }),
    ...(message.artifact === undefined ? {} : { artifact: message.artifact }),
    ...(original?.id === undefined ? {} : { id: original.id }),
    ...(original === undefined
      ? {}
      : { additional_kwargs: original.additional_kwargs, response_metadata: original.response_metadata }),
  });
}

function isPlainMessage(value: unknown): value is wire.ToolMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'tool';
}

/** `changed` (a rule's answer for `original`) as LangChain's objects; an unchanged result is `original`. */
export function fromPlain(changed: wire.ToolOutcome, original?: ToolResult): ToolResult {
  if (changed.type === 'tool')
    return langchainMessage(
      changed,
      original !== undefined && ToolMessage.isInstance(original) ? original : undefined,
    );
  if (original === undefined || ToolMessage.isInstance(original))
    return new Command({ update: changed.update as Record<string, unknown> });
  const originals = (updateMessages(original) ?? []).filter((message): message is ToolMessage =>
    ToolMessage.isInstance(message),
  );
  const messages = changed.update.messages;
  const update = Array.isArray(messages)
    ? {
        ...changed.update,
        messages: messages.map((message: unknown) =>
          isPlainMessage(message)
            ? langchainMessage(
                message,
                originals.find((candidate) => candidate.tool_call_id === message.tool_call_id),
              )
            : message,
        ),
      }
    : changed.update;
  return new Command({
    update: update as Record<string, unknown>,
    ...(original.goto === undefined ? {} : { goto: original.goto }),
    ...(original.graph === undefined ? {} : { graph: original.graph }),
    ...(original.resume === undefined ? {} : { resume: original.resume }),
  });
}

/** Applies a host rule to a LangChain result; the result itself when the rule changed nothing. */
function applied(result: ToolResult, rule: (plain: wire.ToolOutcome) => wire.ToolOutcome): ToolResult {
  const plain = plainResult(result);
  const changed = rule(plain);
  return changed === plain ? result : fromPlain(changed, result);
}

/** The error ToolMessage of a refused call: `"{Wire} blocked by hook: {reason}"`. */
export function deniedToolMessage(call: NativeToolCall, reason: string | null): ToolMessage {
  return langchainMessage(wire.deniedToolMessage(call, { reason }));
}

/**
 * A refusal thrown from inside a tool's invocation (a subagent's call seen through callbacks): LangChain's
 * tool node answers a `ToolInvocationError` with its message, which is set to the denial's exact text.
 */
export function deniedToolError(call: NativeToolCall, reason: string | null): ToolInvocationError {
  const text = String(wire.deniedToolMessage(call, { reason }).content);
  const error = new ToolInvocationError(new Error(text), {
    name: call.name,
    args: { ...(call.args ?? {}) },
    id: call.id ?? '',
  });
  error.message = text;
  error.stack = text;
  return error;
}

/** `parts` (PreToolUse context), one a line, appended to the call's result. */
export function appendContext(result: ToolResult, parts: readonly string[], callId: string): ToolResult {
  return applied(result, (plain) => wire.appendMessageText(plain, parts, callId));
}

/** PostToolUse(Failure): feedback, context and (when a hook stopped) the stop reason appended. */
export function applyPostToolUse(result: ToolResult, decision: HookDecision, callId: string): ToolResult {
  return applied(result, (plain) => wire.applyPostToolUse(plain, decision, callId));
}

/** SubagentStop: its context appended to the `task` result. */
export function applySubagentStop(result: ToolResult, decision: HookDecision, callId: string): ToolResult {
  return applied(result, (plain) => wire.applySubagentStop(plain, decision, callId));
}

/** The text of the call's result. */
export function toolResultText(result: ToolResult, callId: string): string {
  return wire.toolResultText(plainResult(result), callId);
}

/** The failure of a call (an error result's text, `execute`'s non-zero exit code), or null. */
export function toolResultError(result: ToolResult, call: NativeToolCall): string | null {
  return wire.toolResultError(plainResult(result), call);
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
  const messages = updateMessages(result);
  return {
    graph: result.graph ?? null,
    update:
      messages === null
        ? (result.update ?? null)
        : {
            ...(result.update as Record<string, unknown>),
            messages: messages.map((message) =>
              ToolMessage.isInstance(message) ? messageJson(message) : message,
            ),
          },
    resume: result.resume ?? null,
    goto: result.goto ?? [],
  };
}

/** What LangChain's tool node answers for an error a tool threw (its default `handleToolErrors`). */
export function thrownToolMessage(error: unknown, call: NativeToolCall): ToolMessage {
  const content = ToolInvocationError.isInstance(error)
    ? error.message
    : `${String(error)}\n Please fix your mistakes.`;
  return new ToolMessage({ content, tool_call_id: call.id ?? '', name: call.name, status: 'error' });
}
