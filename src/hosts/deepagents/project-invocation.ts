import { ownValue } from '../../common/own-value.js';
import { HOOK_EVENTS, type HookEvent } from './hook-events.js';

/*
 * The native Deep Agents invocation projected onto the Hooks v2 wire payload (upstream `projection.py` and
 * `tools.py`): Claude Code's field names, compact, nulls omitted; Deep Agents' native tool names and
 * arguments mapped to Claude Code's (`execute` → `Bash`, ...), keeping only the mapped argument keys.
 */

/** A tool call, in Deep Agents' terms. */
export interface NativeToolCall {
  readonly id?: string;
  readonly name: string;
  readonly args?: Readonly<Record<string, unknown>>;
  /** The MCP server a tool came from (its metadata), for `mcp__{server}__{tool}`. */
  readonly mcp_server?: string;
}

/** The session's facts every payload carries. */
export interface InvocationContext {
  readonly thread_id: string;
  readonly transcript_path: string;
  readonly cwd: string;
  /** manual | auto | yolo. */
  readonly approval_mode?: string;
  readonly prompt_id?: string;
  readonly effort?: string;
  readonly agent_transcript_path?: string;
  /**
   * The agent the invocation runs in: its `agent_id`/`agent_type` go on every event's payload (a
   * SubagentStart/Stop names its own subagent instead). Upstream's server middleware never sets it, so the
   * tool events of a subagent carry neither field; its projection honours it.
   */
  readonly agent?: { readonly id: string; readonly name: string };
}

/** What happened, in Deep Agents' terms (the fields an event uses). */
export interface NativeInvocation {
  readonly call?: NativeToolCall;
  readonly result?: unknown;
  readonly error?: string;
  readonly duration_ms?: number;
  readonly cause?: string;
  readonly model?: string;
  readonly prompt?: string;
  readonly notification?: { readonly type: string; readonly message?: string; readonly title?: string };
  readonly trigger?: string;
  readonly custom_instructions?: string;
  readonly continuation_count?: number;
  readonly last_assistant_message?: string;
  readonly agent?: { readonly id: string; readonly name: string };
}

const PERMISSION_MODES: Readonly<Record<string, string>> = {
  manual: 'default',
  auto: 'auto',
  yolo: 'bypassPermissions',
};
/** dcode's notification kinds (and the one wire name it also takes) as the wire types upstream sends. */
const NOTIFICATION_TYPES: Readonly<Record<string, string>> = {
  permission_required: 'permission_prompt',
  permission_prompt: 'permission_prompt',
  agent_needs_input: 'agent_needs_input',
  agent_completed: 'agent_completed',
  cold_cache_warning: 'cold_cache_warning',
};

/** A tool's wire name and input. */
export interface WireTool {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

const pick = (args: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> => {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (args[key] !== undefined && args[key] !== null) picked[key] = args[key];
  return picked;
};

/** Python's `re.escape` (3.7+): only the characters special in a pattern. */
export function pythonRegexEscape(text: string): string {
  return text.replace(/[()[\]{}?*+\-|^$\\.&~# \t\n\r\v\f]/g, (char) => `\\${char}`);
}

/** The wire name and input of a native tool call. */
export function wireTool(call: NativeToolCall): WireTool {
  const args = call.args ?? {};
  switch (call.name) {
    case 'execute': {
      const input = pick(args, ['command']);
      if (Number.isInteger(args.timeout)) input.timeout = (args.timeout as number) * 1000;
      return { name: 'Bash', input };
    }
    case 'write_file':
      return { name: 'Write', input: pick(args, ['file_path', 'content']) };
    case 'edit_file':
      return { name: 'Edit', input: pick(args, ['file_path', 'old_string', 'new_string', 'replace_all']) };
    case 'read_file': {
      const input = pick(args, ['file_path', 'limit']);
      if (Number.isInteger(args.offset)) input.offset = (args.offset as number) + 1;
      return { name: 'Read', input };
    }
    case 'glob':
      return { name: 'Glob', input: pick(args, ['pattern', 'path']) };
    case 'grep': {
      const input: Record<string, unknown> = {};
      if (typeof args.pattern === 'string') input.pattern = pythonRegexEscape(args.pattern);
      Object.assign(input, pick(args, ['path', 'glob', 'output_mode']));
      if (args.max_count !== undefined && args.max_count !== null) input.head_limit = args.max_count;
      return { name: 'Grep', input };
    }
    case 'ls':
      return { name: 'LS', input: pick(args, ['path']) };
    default: {
      if (call.mcp_server !== undefined) {
        const prefix = `${call.mcp_server}_`;
        const tool = call.name.startsWith(prefix) ? call.name.slice(prefix.length) : call.name;
        return { name: `mcp__${call.mcp_server}__${tool}`, input: { ...args } };
      }
      return { name: call.name, input: { ...args } };
    }
  }
}

/** The wire notification type of a dcode notification kind; another type is refused, as upstream refuses it. */
export function wireNotificationType(type: string): string {
  const wire = ownValue(NOTIFICATION_TYPES, type);
  if (wire === undefined) throw new Error(`Unsupported notification type: ${type}`);
  return wire;
}

/** The wire payload (a hook's stdin) of `invocation` on `event`. */
export function projectInvocation(
  event: HookEvent,
  invocation: NativeInvocation,
  context: InvocationContext,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    session_id: context.thread_id,
    transcript_path: context.transcript_path,
    cwd: context.cwd,
    hook_event_name: event,
    prompt_id: context.prompt_id,
    permission_mode: PERMISSION_MODES[context.approval_mode ?? 'manual'] ?? 'default',
    effort: context.effort === undefined ? undefined : { level: context.effort },
    agent_id: context.agent?.id,
    agent_type: context.agent?.name,
  };
  const tool = invocation.call === undefined ? undefined : wireTool(invocation.call);
  const stopFields = { background_tasks: [], session_crons: [] };
  switch (event) {
    case 'SessionStart':
      Object.assign(payload, { source: invocation.cause, model: invocation.model });
      break;
    case 'UserPromptSubmit':
      payload.prompt = invocation.prompt;
      break;
    case 'SessionEnd':
      payload.reason = invocation.cause;
      break;
    case 'PermissionRequest':
      Object.assign(payload, { tool_name: tool?.name, tool_input: tool?.input, permission_suggestions: [] });
      break;
    case 'Notification': {
      const notification = invocation.notification;
      Object.assign(payload, {
        message: notification?.message,
        notification_type: notification === undefined ? undefined : wireNotificationType(notification.type),
        title: notification?.title,
      });
      break;
    }
    case 'PreToolUse':
      Object.assign(payload, {
        tool_name: tool?.name,
        tool_input: tool?.input,
        tool_use_id: invocation.call?.id,
      });
      break;
    case 'PostToolUse':
      Object.assign(payload, {
        tool_name: tool?.name,
        tool_input: tool?.input,
        tool_response: invocation.result,
        tool_use_id: invocation.call?.id,
        duration_ms: invocation.duration_ms,
      });
      break;
    case 'PostToolUseFailure':
      Object.assign(payload, {
        tool_name: tool?.name,
        tool_input: tool?.input,
        tool_use_id: invocation.call?.id,
        error: invocation.error,
        is_interrupt: false,
        duration_ms: invocation.duration_ms,
      });
      break;
    case 'PreCompact':
      Object.assign(payload, {
        trigger: invocation.trigger,
        custom_instructions: invocation.custom_instructions ?? '',
      });
      break;
    case 'Stop':
      Object.assign(payload, {
        stop_hook_active: (invocation.continuation_count ?? 0) > 0,
        last_assistant_message: invocation.last_assistant_message,
        ...stopFields,
      });
      break;
    case 'SubagentStart':
      Object.assign(payload, {
        agent_id: invocation.agent?.id ?? context.agent?.id,
        agent_type: invocation.agent?.name ?? context.agent?.name,
      });
      break;
    case 'SubagentStop':
      Object.assign(payload, {
        agent_id: invocation.agent?.id ?? context.agent?.id,
        agent_type: invocation.agent?.name ?? context.agent?.name,
        stop_hook_active: false,
        agent_transcript_path: context.agent_transcript_path,
        last_assistant_message: invocation.last_assistant_message,
        ...stopFields,
      });
      break;
  }
  return withoutNulls(payload);
}

/** The value a matcher on `event` is tested on, from the wire payload. */
export function matcherSubject(
  event: HookEvent,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  const field = HOOK_EVENTS[event].matcherField;
  if (field === null) return undefined;
  const value = payload[field];
  return typeof value === 'string' ? value : undefined;
}

function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    if (value !== undefined && value !== null) kept[key] = value;
  return kept;
}
