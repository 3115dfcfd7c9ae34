import { isRecord } from '../../common/is-record.js';
import { ownValue } from '../../common/own-value.js';
import type { AnyEventName, EventName } from '../../events/event-names.js';
import type { HostEvents, IncomingEvent } from '../host.js';
import { claudeToolName, toClaudeToolInput } from './gemini-tool-names.js';

/**
 * Gemini CLI's event names (0.61; it refuses any other name in its settings) and the catalogue event each
 * one fires. AfterTool fires PostToolUseFailure instead when the tool failed (`incoming`).
 */
export const GEMINI_EVENT_NAMES = {
  SessionStart: 'SessionStart',
  BeforeAgent: 'UserPromptSubmit',
  BeforeModel: 'BeforeModel',
  BeforeToolSelection: 'BeforeToolSelection',
  AfterModel: 'AfterModel',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  AfterAgent: 'Stop',
  PreCompress: 'PreCompact',
  Notification: 'Notification',
  SessionEnd: 'SessionEnd',
} as const satisfies Record<string, EventName>;

export type GeminiEventName = keyof typeof GEMINI_EVENT_NAMES;

export function isGeminiEventName(name: string): name is GeminiEventName {
  return Object.hasOwn(GEMINI_EVENT_NAMES, name);
}

/** Gemini's notification types under Claude Code's (`ToolPermission` is Claude Code's `permission_prompt`). */
const NOTIFICATION_TYPES: Readonly<Record<string, string>> = { ToolPermission: 'permission_prompt' };

/** The field a payload keeps the host's own tool name in, so a hook can tell `replace` from another Edit. */
export const HOST_TOOL_NAME_FIELD = 'host_tool_name';
/** The field a payload keeps the host's own event name in (`BeforeTool`). */
export const HOST_EVENT_NAME_FIELD = 'host_event_name';

function toCatalogue(hostEvent: string): AnyEventName {
  return isGeminiEventName(hostEvent) ? GEMINI_EVENT_NAMES[hostEvent] : hostEvent;
}

function fromCatalogue(event: AnyEventName): string | undefined {
  if (event === 'PostToolUseFailure') return 'AfterTool';
  return Object.entries(GEMINI_EVENT_NAMES).find(([, catalogue]) => catalogue === event)?.[0];
}

/**
 * Gemini's payload under the catalogue's names: the event and tool names Claude Code gives them, the tool's
 * arguments under Claude Code's keys, AfterAgent's `prompt_response` as Stop's `last_assistant_message`. What
 * Gemini sent stays, and so do its own names (`host_event_name`, `host_tool_name`).
 */
function incoming(hostEvent: string, payload: Record<string, unknown>): IncomingEvent {
  const original = { event: hostEvent, payload };
  if (!isGeminiEventName(hostEvent)) return { event: hostEvent, payload, original };
  let event: EventName = GEMINI_EVENT_NAMES[hostEvent];
  const mapped: Record<string, unknown> = { ...payload, [HOST_EVENT_NAME_FIELD]: hostEvent };
  if (typeof payload.tool_name === 'string') {
    mapped.tool_name = claudeToolName(payload.tool_name, mcpTool(payload.mcp_context));
    mapped[HOST_TOOL_NAME_FIELD] = payload.tool_name;
    if (isRecord(payload.tool_input))
      mapped.tool_input = toClaudeToolInput(payload.tool_name, payload.tool_input);
  }
  const response = payload.tool_response;
  if (hostEvent === 'AfterTool' && isRecord(response) && isRecord(response.error)) {
    // Claude Code fires PostToolUseFailure for a failed call, and PostToolUse only for one that succeeded.
    event = 'PostToolUseFailure';
    mapped.error =
      typeof response.error.message === 'string' ? response.error.message : JSON.stringify(response.error);
    mapped.is_interrupt = false;
  }
  if (hostEvent === 'AfterAgent' && typeof payload.prompt_response === 'string')
    mapped.last_assistant_message = payload.prompt_response;
  if (hostEvent === 'Notification' && typeof payload.notification_type === 'string')
    mapped.notification_type =
      ownValue(NOTIFICATION_TYPES, payload.notification_type) ?? payload.notification_type;
  mapped.hook_event_name = event;
  return { event, payload: mapped, original };
}

function mcpTool(context: unknown): { server: string; tool: string } | undefined {
  if (!isRecord(context)) return undefined;
  const { server_name: server, tool_name: tool } = context;
  return typeof server === 'string' && typeof tool === 'string' ? { server, tool } : undefined;
}

/** Gemini CLI's events, payloads and tool names onto the catalogue's (docs/hosts/gemini.md). */
export const GEMINI_EVENTS: HostEvents = {
  toCatalogue,
  fromCatalogue,
  toolName: (hostTool) => claudeToolName(hostTool),
  incoming,
};
