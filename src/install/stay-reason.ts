import { catalogue } from '../events/catalogue.js';
import type { HandlerType } from '../events/event-spec.js';
import { MOVABLE_HANDLER_TYPES } from '../events/handler-types.js';
import { isEventName } from '../events/lookup.js';
import { isHookwireRun } from './is-hookwire-run.js';

/** A JSON object as read from a settings file. */
export type JsonObject = Record<string, unknown>;

/** Whether a JSON value is an object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MOVABLE_TYPES: readonly string[] = MOVABLE_HANDLER_TYPES;
const MOVABLE_TYPES_TEXT = `${MOVABLE_HANDLER_TYPES.slice(0, -1).join(', ')} and ${MOVABLE_HANDLER_TYPES.at(-1)}`;

/**
 * Why a handler stays in the Claude Code settings instead of moving into the hooks file, or undefined
 * when it moves. `hookwire-run` marks a catch-all that already calls hookwire; every other reason is
 * reported to the user.
 */
export function stayReason(event: string, _definition: JsonObject, handler: unknown): string | undefined {
  if (!isEventName(event) || catalogue[event].family === 'deepagents') {
    return `hookwire does not know what hooks of ${event} may decide`;
  }
  if (!isJsonObject(handler) || !MOVABLE_TYPES.includes(handler.type as string)) {
    const type = isJsonObject(handler) ? JSON.stringify(handler.type) : 'of no type';
    return `a handler ${type} is Claude Code's own (hookwire runs ${MOVABLE_TYPES_TEXT})`;
  }
  if (!catalogue[event].handlers.includes(handler.type as HandlerType)) {
    return `${event} does not run ${handler.type} hooks`;
  }
  const command = typeof handler.command === 'string' ? handler.command : '';
  if (command !== '' && isHookwireRun(command)) return 'hookwire-run';
  if (command.includes('CLAUDE_PLUGIN_ROOT')) return 'it belongs to a plugin (CLAUDE_PLUGIN_ROOT)';
  return undefined;
}

/** The longest a handler may run, in seconds: its timeout, else its type's default for the event. */
export function timeoutOf(event: string, handler: JsonObject): number {
  if (typeof handler.timeout === 'number' && handler.timeout > 0) return handler.timeout;
  return isEventName(event) ? catalogue[event].timeouts[handler.type as HandlerType] : 600;
}
