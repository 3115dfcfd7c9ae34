import { ownValue } from '../../common/own-value.js';
import type { AnyEventName, EventName } from '../../events/event-names.js';
import type { HostEvents, IncomingEvent } from '../host.js';
import { COPILOT_TOOL_NAMES, toClaudeToolInput } from './copilot-tool-names.js';

/**
 * The events GitHub Copilot CLI fires command hooks for, by the camelCase names of its hooks files, and the
 * catalogue event each one is (observed in 1.0.102, docs/hosts/copilot.md); `userPromptTransformed` and
 * `errorOccurred` are catalogue rows of Copilot's own.
 */
export const COPILOT_EVENTS = {
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  userPromptSubmitted: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  permissionRequest: 'PermissionRequest',
  agentStop: 'Stop',
  subagentStart: 'SubagentStart',
  subagentStop: 'SubagentStop',
  preCompact: 'PreCompact',
  notification: 'Notification',
  userPromptTransformed: 'UserPromptTransformed',
  errorOccurred: 'ErrorOccurred',
} as const satisfies Record<string, EventName>;

export type CopilotEvent = keyof typeof COPILOT_EVENTS;

/** Where hooks read Copilot's own names of the event and the tool, when they differ from the catalogue's. */
export const HOST_EVENT_NAME_FIELD = 'host_event_name';
export const HOST_TOOL_NAME_FIELD = 'host_tool_name';

export function isCopilotEvent(name: string): name is CopilotEvent {
  return Object.hasOwn(COPILOT_EVENTS, name);
}

/** The Copilot event that is `event`, or undefined. */
export function copilotEventOf(event: AnyEventName): CopilotEvent | undefined {
  return (Object.keys(COPILOT_EVENTS) as CopilotEvent[]).find((name) => COPILOT_EVENTS[name] === event);
}

/** Copilot's payload fields that take another name, or another value, in the catalogue's payload. */
const RENAMED: Readonly<Record<string, string>> = {
  sessionId: 'session_id',
  workingDirectory: 'cwd',
  toolArgs: 'tool_input',
  toolInput: 'tool_input',
  transcriptPath: 'transcript_path',
  response: 'last_assistant_message',
  agentName: 'agent_type',
  hookName: HOST_EVENT_NAME_FIELD,
};

/** Copilot's session-end reasons as Claude Code's (`clear`, `logout`, `prompt_input_exit`, `other`). */
const END_REASONS: Readonly<Record<string, string>> = { user_exit: 'prompt_input_exit' };

/**
 * Copilot's camelCase payload (`{sessionId, timestamp, cwd, toolName, toolArgs, ...}`) as the Claude-shaped
 * payload the catalogue describes: snake_case fields, `tool_name` under Claude Code's names with Copilot's
 * kept in `host_tool_name`, `tool_input` with Claude Code's argument names added, the tool's result text as
 * `tool_response`. Every other field keeps its value under its snake_case name.
 */
function toCataloguePayload(
  hostEvent: CopilotEvent,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const event = COPILOT_EVENTS[hostEvent];
  const mapped: Record<string, unknown> = { hook_event_name: event };
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'toolName' || key === 'toolResult') continue;
    mapped[ownValue(RENAMED, key) ?? snakeCase(key)] = value;
  }
  mapped[HOST_EVENT_NAME_FIELD] = hostEvent;
  const tool = payload.toolName;
  if (typeof tool === 'string') {
    mapped.tool_name = ownValue(COPILOT_TOOL_NAMES, tool) ?? tool;
    mapped[HOST_TOOL_NAME_FIELD] = tool;
    const args = argumentsOf(mapped.tool_input);
    if (args !== undefined) mapped.tool_input = toClaudeToolInput(tool, args);
  }
  const result = payload.toolResult;
  if (isObject(result)) {
    mapped.tool_result = Object.fromEntries(
      Object.entries(result).map(([key, value]) => [snakeCase(key), value]),
    );
    mapped.tool_response = result.textResultForLlm ?? result;
  }
  if (event === 'SessionStart' && mapped.source === 'new') mapped.source = 'startup';
  if (event === 'SessionEnd' && typeof mapped.reason === 'string') {
    mapped.reason = ownValue(END_REASONS, mapped.reason) ?? 'other';
    mapped.host_reason = payload.reason;
  }
  return mapped;
}

/** Copilot's tool arguments: an object (1.0.102), or its JSON text (as earlier versions sent it). */
function argumentsOf(value: unknown): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function snakeCase(key: string): string {
  return key.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

/**
 * Copilot's events onto the catalogue. A name Copilot fires that is not camelCase (a hook configured with
 * Claude Code's event names, for which Copilot itself sends a Claude-shaped payload) comes in as it is.
 */
export const COPILOT_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => (isCopilotEvent(hostEvent) ? COPILOT_EVENTS[hostEvent] : hostEvent),
  fromCatalogue: (event) => copilotEventOf(event),
  toolName: (hostTool) => ownValue(COPILOT_TOOL_NAMES, hostTool) ?? hostTool,
  incoming: (hostEvent, payload): IncomingEvent => {
    const original = { event: hostEvent, payload };
    if (!isCopilotEvent(hostEvent)) return { event: hostEvent, payload, original };
    return { event: COPILOT_EVENTS[hostEvent], payload: toCataloguePayload(hostEvent, payload), original };
  },
};
