import type { AnyEventName, EventName } from '../../events/event-names.js';
import { HOST_EVENT_NAME_FIELD, HOST_TOOL_NAME_FIELD } from '../gemini/gemini-events.js';
import type { HostEvents, IncomingEvent } from '../host.js';
import { AUGMENT_TOOLS, augmentToolName, toClaudeToolInput } from './augment-tool-names.js';

/**
 * The events Auggie 0.36.0 fires hooks for and the catalogue event each one is (docs/hosts/augment.md):
 * Claude Code's names, except its prompt event, `PromptSubmit`.
 */
export const AUGMENT_EVENTS = {
  SessionStart: 'SessionStart',
  PromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  Notification: 'Notification',
  Stop: 'Stop',
  SessionEnd: 'SessionEnd',
} as const satisfies Record<string, EventName>;

export type AugmentEvent = keyof typeof AUGMENT_EVENTS;
/** The catalogue events Auggie has. */
export type AugmentCatalogueEvent = (typeof AUGMENT_EVENTS)[AugmentEvent];

export function isAugmentEvent(name: string): name is AugmentEvent {
  return Object.hasOwn(AUGMENT_EVENTS, name);
}

/** The Auggie event that is `event`, or undefined. */
export function augmentEventOf(event: AnyEventName): AugmentEvent | undefined {
  return (Object.keys(AUGMENT_EVENTS) as AugmentEvent[]).find((name) => AUGMENT_EVENTS[name] === event);
}

/**
 * Auggie's payload (`{hook_event_name, conversation_id, workspace_roots, tool_name, tool_input, tool_output,
 * tool_error, is_mcp_tool, file_changes, user_prompt, agent_stop_cause, notification_message}`) with the
 * catalogue's fields added: `session_id` (the conversation's id), `cwd` (the first workspace root),
 * `tool_response` (the tool's output), `prompt`, `message`, `stop_hook_active` (always false: Auggie never
 * continues a turn a Stop hook blocks), the tool under Claude Code's name and keys with Auggie's name kept in
 * `host_tool_name`. Auggie's own fields stay as they are.
 */
function toCataloguePayload(
  hostEvent: AugmentEvent,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const event = AUGMENT_EVENTS[hostEvent];
  const mapped: Record<string, unknown> = { ...payload, hook_event_name: event };
  if (event !== hostEvent) mapped[HOST_EVENT_NAME_FIELD] = hostEvent;
  if (typeof payload.conversation_id === 'string') mapped.session_id = payload.conversation_id;
  const roots = payload.workspace_roots;
  if (Array.isArray(roots) && typeof roots[0] === 'string') mapped.cwd = roots[0];
  const tool = payload.tool_name;
  if (typeof tool === 'string') {
    if (augmentToolName(tool) !== tool) {
      mapped.tool_name = augmentToolName(tool);
      mapped[HOST_TOOL_NAME_FIELD] = tool;
    }
    const input = payload.tool_input;
    if (Object.hasOwn(AUGMENT_TOOLS, tool) && isObject(input))
      mapped.tool_input = toClaudeToolInput(tool, input);
  }
  if (event === 'PostToolUse' && 'tool_output' in payload) mapped.tool_response = payload.tool_output;
  if (event === 'UserPromptSubmit') mapped.prompt = payload.user_prompt ?? '';
  if (event === 'Notification' && 'notification_message' in payload)
    mapped.message = payload.notification_message;
  if (event === 'Stop') mapped.stop_hook_active = false;
  return mapped;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Auggie's events onto the catalogue; a name Auggie does not fire comes in as it is. */
export const AUGMENT_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => (isAugmentEvent(hostEvent) ? AUGMENT_EVENTS[hostEvent] : hostEvent),
  fromCatalogue: (event) => augmentEventOf(event),
  toolName: augmentToolName,
  incoming: (hostEvent, payload): IncomingEvent => {
    const original = { event: hostEvent, payload };
    if (!isAugmentEvent(hostEvent)) return { event: hostEvent, payload, original };
    return { event: AUGMENT_EVENTS[hostEvent], payload: toCataloguePayload(hostEvent, payload), original };
  },
};
