import type { AnyEventName, EventName } from '../../events/event-names.js';
import { HOST_EVENT_NAME_FIELD, HOST_TOOL_NAME_FIELD } from '../gemini/gemini-events.js';
import type { HostEvents } from '../host.js';
import { clineCallToolName, clineToolName, toClaudeToolInput } from './cline-tool-names.js';

/**
 * Cline's hook files, by the file name Cline runs for each event (3.0.65, docs/hosts/cline.md), and the
 * catalogue event each one is. TaskResume is a SessionStart too (`source: "resume"`), but SessionStart's
 * name in Cline is TaskStart; TaskCancel has no catalogue event and keeps its own name.
 */
export const CLINE_EVENTS = {
  TaskStart: 'SessionStart',
  TaskResume: 'SessionStart',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  TaskComplete: 'Stop',
  TaskError: 'StopFailure',
  PreCompact: 'PreCompact',
  SessionShutdown: 'SessionEnd',
} as const satisfies Record<string, EventName>;

export type ClineEvent = keyof typeof CLINE_EVENTS;

export function isClineEvent(name: string): name is ClineEvent {
  return Object.hasOwn(CLINE_EVENTS, name);
}

/** The Cline hook file that is `event` (TaskStart for SessionStart), or undefined. */
export function clineEventOf(event: AnyEventName): ClineEvent | undefined {
  return (Object.keys(CLINE_EVENTS) as ClineEvent[]).find((name) => CLINE_EVENTS[name] === event);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Cline's payload (`hookName`, `taskId`, `sessionContext.rootSessionId`, `workspaceRoots`; `tool_call {id,
 * name, input}` before a tool, `tool_result {id, name, input, output, error}` after one,
 * `userPromptSubmit.prompt`, `turn.outputText` at the end, `error` on a failure) as the Claude-shaped payload
 * the catalogue describes. Cline's fields stay beside the catalogue's, its tool name in `host_tool_name`, its
 * event name in `host_event_name`.
 */
function toCataloguePayload(hostEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  const event = isClineEvent(hostEvent) ? CLINE_EVENTS[hostEvent] : hostEvent;
  const mapped: Record<string, unknown> = { ...payload, hook_event_name: event };
  mapped[HOST_EVENT_NAME_FIELD] = hostEvent;
  const root = record(payload.sessionContext).rootSessionId;
  const session = typeof root === 'string' ? root : payload.taskId;
  if (typeof session === 'string') mapped.session_id = session;
  const roots = payload.workspaceRoots;
  if (Array.isArray(roots) && typeof roots[0] === 'string') mapped.cwd = roots[0];
  const call = record(event === 'PostToolUse' ? payload.tool_result : payload.tool_call);
  if (typeof call.name === 'string') {
    const input = record(call.input);
    mapped.tool_name = clineCallToolName(call.name, input);
    mapped[HOST_TOOL_NAME_FIELD] = call.name;
    mapped.tool_input = toClaudeToolInput(call.name, input);
    if (typeof call.id === 'string') mapped.tool_use_id = call.id;
  }
  if (event === 'PostToolUse') {
    const result = record(payload.tool_result);
    mapped.tool_response =
      typeof result.error === 'string' ? { output: result.output, error: result.error } : result.output;
    if (typeof result.durationMs === 'number') mapped.duration_ms = result.durationMs;
  }
  if (event === 'UserPromptSubmit') mapped.prompt = record(payload.userPromptSubmit).prompt ?? '';
  if (event === 'SessionStart') mapped.source = hostEvent === 'TaskResume' ? 'resume' : 'startup';
  if (event === 'Stop') {
    mapped.stop_hook_active = false;
    const text = record(payload.turn).outputText;
    if (typeof text === 'string') mapped.last_assistant_message = text;
  }
  if (event === 'StopFailure') {
    const error = record(payload.error);
    mapped.error = typeof error.name === 'string' ? error.name : 'unknown';
    if (typeof error.message === 'string') mapped.error_details = error.message;
  }
  if (event === 'SessionEnd') mapped.reason = 'other';
  return mapped;
}

/** Cline's hook files onto the catalogue's events (`TaskStart` → SessionStart, `run_commands` → Bash). */
export const CLINE_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => (isClineEvent(hostEvent) ? CLINE_EVENTS[hostEvent] : hostEvent),
  fromCatalogue: (event) => clineEventOf(event),
  toolName: clineToolName,
  incoming: (hostEvent, payload) => ({
    event: isClineEvent(hostEvent) ? CLINE_EVENTS[hostEvent] : hostEvent,
    payload: toCataloguePayload(hostEvent, payload),
    original: { event: hostEvent, payload },
  }),
};
