import { type NativeToolCall, wireTool } from './project-invocation.js';
import type { HookDecision, PermissionDecision } from './reduce-hook-results.js';

/*
 * How a reduced decision changes a tool's result in the agent (upstream `server_middleware.py`): a refused
 * call answered with an error tool message `"{Wire} blocked by hook: {reason}"`, hook text appended to the
 * result of the one call it is about (a string gets "\n\n" and the text, structured content a text block),
 * a failed call told apart from a successful one. Pure: messages in, new messages out.
 */

/** A content block of a structured tool result. */
export type ContentBlock = Readonly<Record<string, unknown>>;

/** A tool result, in LangChain's `ToolMessage` terms. */
export interface ToolMessage {
  readonly type: 'tool';
  readonly content: string | readonly ContentBlock[];
  readonly tool_call_id: string;
  readonly name?: string;
  readonly status?: 'success' | 'error';
  readonly artifact?: unknown;
}

/** A tool's `Command` result: a state update that may carry several calls' messages. */
export interface ToolCommand {
  readonly type: 'command';
  readonly update: Readonly<Record<string, unknown>>;
}

/** What a tool returns. */
export type ToolOutcome = ToolMessage | ToolCommand;

/** The reason a denial without one gets. */
export const DEFAULT_DENY_REASON = 'Blocked by PreToolUse hook';

/** The error tool message that answers a refused call. */
export function deniedToolMessage(
  call: NativeToolCall,
  permission: Pick<PermissionDecision, 'reason'>,
): ToolMessage {
  const reason = permission.reason || DEFAULT_DENY_REASON;
  return {
    type: 'tool',
    content: `${wireTool(call).name} blocked by hook: ${reason}`,
    name: call.name,
    tool_call_id: call.id ?? '',
    status: 'error',
  };
}

/** `message` with `suffix` appended: after "\n\n" to a string, as a text block to structured content. */
export function mergeToolMessageContent(message: ToolMessage, suffix: string): ToolMessage {
  if (suffix === '') return message;
  const content = message.content;
  const merged =
    typeof content === 'string'
      ? content === ''
        ? suffix
        : `${content}\n\n${suffix}`
      : [...content, { type: 'text', text: suffix }];
  return { ...message, content: merged };
}

/** The messages a `Command` update carries (none when absent or malformed). */
export function commandMessages(result: ToolCommand): readonly unknown[] {
  const messages = result.update.messages;
  return Array.isArray(messages) ? messages : [];
}

function isCallResult(message: unknown, callId: string): message is ToolMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as ToolMessage).type === 'tool' &&
    (message as ToolMessage).tool_call_id === callId
  );
}

/**
 * `suffix` appended to the result of the call `callId` only: a `Command` that carries other calls' results
 * keeps them as they are, and one that carries none of this call's is returned unchanged (the same object).
 */
export function appendToolResultText(result: ToolOutcome, suffix: string, callId: string): ToolOutcome {
  if (result.type === 'tool') return mergeToolMessageContent(result, suffix);
  let changed = false;
  const messages = commandMessages(result).map((message) => {
    if (!isCallResult(message, callId)) return message;
    changed = true;
    return mergeToolMessageContent(message, suffix);
  });
  if (!changed) return result;
  return { ...result, update: { ...result.update, messages } };
}

/** `parts` (PreToolUse context) appended, one a line, to the call's result. */
export function appendMessageText(
  result: ToolOutcome,
  parts: readonly string[],
  callId: string,
): ToolOutcome {
  if (parts.length === 0) return result;
  return appendToolResultText(result, parts.join('\n'), callId);
}

/** The text of the call's result; a `Command`'s results for that call, one a line. */
export function toolResultText(result: ToolOutcome, callId: string): string {
  if (result.type === 'tool') return contentText(result.content);
  return commandMessages(result)
    .filter((message): message is ToolMessage => isCallResult(message, callId))
    .map((message) => contentText(message.content))
    .join('\n');
}

/** Content as Python's `str()` shows it: a string as is, structured content as JSON. */
function contentText(content: ToolMessage['content']): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/**
 * The error of a failed call, or null when it succeeded: a result with status `error` (its text), or an
 * `execute` whose artifact records a non-zero `exit_code` (the status alone says success there). A failure
 * of another call in the same `Command` is not this call's.
 */
export function toolResultError(result: ToolOutcome, call: NativeToolCall): string | null {
  const messages = result.type === 'tool' ? [result] : commandMessages(result);
  const callId = call.id ?? '';
  for (const message of messages) {
    if (!isCallResult(message, callId)) continue;
    if (message.status === 'error') return toolResultText(result, callId);
    const artifact = message.artifact;
    if (call.name !== 'execute' || typeof artifact !== 'object' || artifact === null) continue;
    const exitCode = (artifact as Record<string, unknown>).exit_code;
    if (Number.isInteger(exitCode) && exitCode !== 0)
      return `Command exited with non-zero status code ${String(exitCode)}`;
  }
  return null;
}

/** PostToolUse(Failure): feedback, context and (when the hook stopped) the stop reason appended. */
export function applyPostToolUse(result: ToolOutcome, decision: HookDecision, callId: string): ToolOutcome {
  const extras: string[] = [];
  if (decision.feedback !== undefined && decision.feedback.length > 0)
    extras.push(decision.feedback.join('\n'));
  if (decision.context !== undefined && decision.context.length > 0) extras.push(decision.context.join('\n'));
  if (decision.stop_reason && !decision.continue_processing) extras.push(decision.stop_reason);
  if (extras.length === 0) return result;
  return appendToolResultText(result, extras.filter((part) => part !== '').join('\n\n'), callId);
}

/** SubagentStop: its context (a block kept as context) appended to the `task` result. */
export function applySubagentStop(result: ToolOutcome, decision: HookDecision, callId: string): ToolOutcome {
  if (decision.context === undefined || decision.context.length === 0) return result;
  return appendToolResultText(result, decision.context.join('\n'), callId);
}

/** The subagent a `task` call starts: its id is the call's, its name the `subagent_type` (else `unknown`). */
export function taskAgentIdentity(call: NativeToolCall): { readonly id: string; readonly name: string } {
  const type = call.args?.subagent_type;
  const name = typeof type === 'string' && type !== '' ? type : 'unknown';
  return { id: call.id || name, name };
}

/** SubagentStart context prepended (then a blank line) to the `task` call's description. */
export function injectSubagentStartContext(call: NativeToolCall, context: readonly string[]): NativeToolCall {
  if (context.length === 0) return call;
  const args = { ...(call.args ?? {}) };
  const prefix = context.join('\n');
  const description = args.description;
  args.description =
    typeof description === 'string' && description !== '' ? `${prefix}\n\n${description}` : prefix;
  return { ...call, args };
}
