import type { AnyEventName, EventName } from '../../events/event-names.js';
import type { HostEvents, IncomingEvent } from '../host.js';
import { cursorToolName, toClaudeToolInput } from './cursor-tool-names.js';

/**
 * The events Cursor's agent fires hooks for, by the names of its `hooks.json`, and the catalogue event each
 * one is (from the documentation, not run: docs/hosts/cursor.md). The generic tool events come first, so
 * that the catalogue's `PreToolUse` is Cursor's `preToolUse`; the older per-tool events (`beforeShellExecution`,
 * `beforeReadFile`, ...) are the same catalogue events on one tool each. Cursor's events the catalogue has no
 * row for (`afterAgentResponse`, `afterAgentThought`, the Tab events, `workspaceOpen`) are not here: they come
 * in under their own names and run as the catalogue runs an unknown event.
 */
export const CURSOR_EVENTS = {
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  beforeSubmitPrompt: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  subagentStart: 'SubagentStart',
  subagentStop: 'SubagentStop',
  preCompact: 'PreCompact',
  stop: 'Stop',
  beforeShellExecution: 'PreToolUse',
  afterShellExecution: 'PostToolUse',
  beforeMCPExecution: 'PreToolUse',
  afterMCPExecution: 'PostToolUse',
  beforeReadFile: 'PreToolUse',
  afterFileEdit: 'PostToolUse',
} as const satisfies Record<string, EventName>;

export type CursorEvent = keyof typeof CURSOR_EVENTS;

/**
 * The events whose answer is a `permission` (`allow`, `deny`, `ask`): Cursor blocks the call on `deny`, on
 * exit 2, and on an answer it cannot read.
 */
export const PERMISSION_EVENTS: ReadonlySet<CursorEvent> = new Set([
  'preToolUse',
  'beforeShellExecution',
  'beforeMCPExecution',
  'beforeReadFile',
  'subagentStart',
]);

/** Where hooks read Cursor's own names of the event and the tool, when they differ from the catalogue's. */
export const HOST_EVENT_NAME_FIELD = 'host_event_name';
export const HOST_TOOL_NAME_FIELD = 'host_tool_name';

export function isCursorEvent(name: string): name is CursorEvent {
  return Object.hasOwn(CURSOR_EVENTS, name);
}

/** Cursor's own event for a catalogue event: the first in `CURSOR_EVENTS` (the generic one), or undefined. */
export function cursorEventOf(event: AnyEventName): CursorEvent | undefined {
  return (Object.keys(CURSOR_EVENTS) as CursorEvent[]).find((name) => CURSOR_EVENTS[name] === event);
}

/** Cursor's session-end reasons are its own; Claude Code's hooks read `other` for them. */
const CLAUDE_END_REASONS = new Set(['clear', 'logout', 'prompt_input_exit', 'other']);

/**
 * Cursor's payload (its common fields `conversation_id`, `generation_id`, `workspace_roots`, ... and the
 * event's own) as the Claude-shaped payload the catalogue describes. Every field Cursor sent stays; the
 * catalogue's are added: `session_id` (the conversation), `cwd` (the first workspace root), `tool_name`
 * under Claude Code's names with Cursor's kept in `host_tool_name`, `tool_input` with Claude Code's argument
 * names added, `tool_response`, `stop_hook_active` from `loop_count`.
 */
function toCataloguePayload(
  hostEvent: CursorEvent,
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const event = CURSOR_EVENTS[hostEvent];
  const mapped: Record<string, unknown> = { ...payload, hook_event_name: event };
  mapped[HOST_EVENT_NAME_FIELD] = hostEvent;
  const session = payload.session_id ?? payload.conversation_id;
  if (typeof session === 'string') mapped.session_id = session;
  const roots = payload.workspace_roots;
  if (typeof payload.cwd !== 'string' && Array.isArray(roots) && typeof roots[0] === 'string')
    mapped.cwd = roots[0];
  // Cursor sends null when it has no transcript yet; the catalogue's payload then names where it would be.
  if (typeof payload.transcript_path !== 'string') delete mapped.transcript_path;
  Object.assign(mapped, toolFields(hostEvent, payload));
  if (hostEvent === 'stop' || hostEvent === 'subagentStop') {
    mapped.stop_hook_active = typeof payload.loop_count === 'number' && payload.loop_count > 0;
  }
  if (hostEvent === 'subagentStart' || hostEvent === 'subagentStop') {
    if (typeof payload.subagent_type === 'string') mapped.agent_type = payload.subagent_type;
    if (typeof payload.subagent_id === 'string') mapped.agent_id = payload.subagent_id;
    if (typeof payload.summary === 'string') mapped.last_assistant_message = payload.summary;
  }
  if (hostEvent === 'sessionStart' && mapped.source === undefined) mapped.source = 'startup';
  if (hostEvent === 'sessionEnd' && typeof payload.reason === 'string') {
    if (!CLAUDE_END_REASONS.has(payload.reason)) mapped.reason = 'other';
    mapped.host_reason = payload.reason;
  }
  return mapped;
}

/** The catalogue's tool fields of a tool event: `tool_name`, `tool_input`, `tool_response`, `error`. */
function toolFields(
  hostEvent: CursorEvent,
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  switch (hostEvent) {
    case 'beforeShellExecution':
    case 'afterShellExecution':
      return {
        tool_name: 'Bash',
        tool_input: { command: payload.command },
        ...(hostEvent === 'afterShellExecution' ? { tool_response: payload.output } : {}),
      };
    case 'beforeReadFile':
      return { tool_name: 'Read', tool_input: { file_path: payload.file_path } };
    case 'afterFileEdit': {
      const edits = Array.isArray(payload.edits) ? payload.edits : [];
      const [only] = edits;
      const single = edits.length === 1 && isObject(only) ? only : {};
      return {
        tool_name: 'Edit',
        tool_input: { file_path: payload.file_path, ...single, edits },
      };
    }
    case 'beforeMCPExecution':
    case 'afterMCPExecution':
      return {
        tool_input: objectOf(payload.tool_input) ?? payload.tool_input,
        ...(hostEvent === 'afterMCPExecution'
          ? { tool_response: jsonOf(payload.result_json) ?? payload.result_json }
          : {}),
      };
    case 'preToolUse':
    case 'postToolUse':
    case 'postToolUseFailure': {
      const tool = payload.tool_name;
      if (typeof tool !== 'string') return {};
      const input = objectOf(payload.tool_input);
      const fields: Record<string, unknown> = {
        tool_name: cursorToolName(tool),
        ...(input === undefined ? {} : { tool_input: toClaudeToolInput(tool, input) }),
      };
      if (fields.tool_name !== tool) fields[HOST_TOOL_NAME_FIELD] = tool;
      if (payload.tool_output !== undefined)
        fields.tool_response = jsonOf(payload.tool_output) ?? payload.tool_output;
      if (typeof payload.error_message === 'string') fields.error = payload.error_message;
      return fields;
    }
    default:
      return {};
  }
}

/** A JSON object, or its JSON text (Cursor sends an MCP tool's arguments as text), else undefined. */
function objectOf(value: unknown): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  const parsed = jsonOf(value);
  return isObject(parsed) ? parsed : undefined;
}

function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Cursor's events onto the catalogue. An event Cursor fires that the catalogue has no row for comes in as it
 * is, under its own name.
 */
export const CURSOR_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => (isCursorEvent(hostEvent) ? CURSOR_EVENTS[hostEvent] : hostEvent),
  fromCatalogue: (event) => cursorEventOf(event),
  toolName: cursorToolName,
  incoming: (hostEvent, payload): IncomingEvent => {
    const original = { event: hostEvent, payload };
    if (!isCursorEvent(hostEvent)) return { event: hostEvent, payload, original };
    return { event: CURSOR_EVENTS[hostEvent], payload: toCataloguePayload(hostEvent, payload), original };
  },
};
