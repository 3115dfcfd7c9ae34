import type { AnyEventName, EventName } from '../../events/event-names.js';
import { HOST_EVENT_NAME_FIELD, HOST_TOOL_NAME_FIELD } from '../gemini/gemini-events.js';
import type { HostEvents } from '../host.js';
import { openCodeToolName, toClaudeToolInput } from './opencode-tool-names.js';

/**
 * The OpenCode plugin hooks and bus events hookwire's plugin (`hookwire init opencode`) hands over, by
 * OpenCode's names, and the catalogue event each one is (observed in 1.18.33, docs/hosts/opencode.md).
 */
export const OPENCODE_EVENTS = {
  'session.created': 'SessionStart',
  'chat.message': 'UserPromptSubmit',
  'tool.execute.before': 'PreToolUse',
  'tool.execute.after': 'PostToolUse',
  'session.idle': 'Stop',
  'session.deleted': 'SessionEnd',
} as const satisfies Record<string, EventName>;

export type OpenCodeEvent = keyof typeof OPENCODE_EVENTS;

export function isOpenCodeEvent(name: string): name is OpenCodeEvent {
  return Object.hasOwn(OPENCODE_EVENTS, name);
}

/** The OpenCode event that is `event`, or undefined. */
export function openCodeEventOf(event: AnyEventName): OpenCodeEvent | undefined {
  return (Object.keys(OPENCODE_EVENTS) as OpenCodeEvent[]).find((name) => OPENCODE_EVENTS[name] === event);
}

/**
 * The payload the plugin sends, under OpenCode's own field names (`sessionID`, `callID`, `tool`, `args`,
 * `directory`; `output` and `title` after a tool; `prompt` of a message; `stopHookActive` of an idle the
 * plugin itself continued), as the Claude-shaped payload the catalogue describes. OpenCode's tool name is
 * kept in `host_tool_name`, its event name in `host_event_name`; unknown fields ride along unchanged.
 */
function toCataloguePayload(hostEvent: string, payload: Record<string, unknown>): Record<string, unknown> {
  const event = isOpenCodeEvent(hostEvent) ? OPENCODE_EVENTS[hostEvent] : hostEvent;
  const { sessionID, callID, tool, args, directory, output, title, metadata, stopHookActive, ...rest } =
    payload;
  const mapped: Record<string, unknown> = { ...rest, hook_event_name: event };
  mapped[HOST_EVENT_NAME_FIELD] = hostEvent;
  if (typeof sessionID === 'string') mapped.session_id = sessionID;
  if (typeof directory === 'string') mapped.cwd = directory;
  if (typeof callID === 'string') mapped.tool_use_id = callID;
  if (typeof tool === 'string') {
    mapped.tool_name = openCodeToolName(tool);
    mapped[HOST_TOOL_NAME_FIELD] = tool;
    mapped.tool_input =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? toClaudeToolInput(tool, args as Record<string, unknown>)
        : {};
  }
  if (event === 'PostToolUse') mapped.tool_response = { output, title, metadata };
  if (event === 'SessionStart') mapped.source = 'startup';
  if (event === 'SessionEnd') mapped.reason = 'other';
  if (event === 'Stop') mapped.stop_hook_active = stopHookActive === true;
  return mapped;
}

/** OpenCode's plugin hooks and events onto the catalogue's (`tool.execute.before` → PreToolUse). */
export const OPENCODE_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => (isOpenCodeEvent(hostEvent) ? OPENCODE_EVENTS[hostEvent] : hostEvent),
  fromCatalogue: (event) => openCodeEventOf(event),
  toolName: openCodeToolName,
  incoming: (hostEvent, payload) => ({
    event: isOpenCodeEvent(hostEvent) ? OPENCODE_EVENTS[hostEvent] : hostEvent,
    payload: toCataloguePayload(hostEvent, payload),
    original: { event: hostEvent, payload },
  }),
};
