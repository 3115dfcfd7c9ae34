import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { CommandInputError } from '../../command-input.js';
import { appendArrayElement, removeLastArrayElement } from '../codex/array-edits.js';
import { setJsonValue } from '../json-edits.js';
import { isJsonObject, type JsonObject } from '../stay-reason.js';

/**
 * The events Qwen Code fires hooks for, by their names (Claude Code's, and its own SessionDelete,
 * TodoCreated and TodoCompleted, catalogue rows of Qwen's), as Qwen Code 0.24.4 lists them
 * (docs/hosts/qwen.md).
 */
export const QWEN_EVENTS = [
  'SessionStart',
  'InstructionsLoaded',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Notification',
  'MessageDisplay',
  'Stop',
  'StopFailure',
  'TodoCreated',
  'TodoCompleted',
  'SessionEnd',
  'SessionDelete',
] as const;

export type QwenEvent = (typeof QWEN_EVENTS)[number];

export function isQwenEvent(event: string): event is QwenEvent {
  return (QWEN_EVENTS as readonly string[]).includes(event);
}

/** Whether a handler is one `hookwire init qwen` wrote: its command runs hookwire for the qwen host. */
export function isHookwireQwenHandler(handler: unknown): boolean {
  return (
    isJsonObject(handler) && typeof handler.command === 'string' && / run --host qwen\b/.test(handler.command)
  );
}

/** A group whose handlers are all hookwire's, with no matcher. */
function isHookwireGroup(group: unknown): boolean {
  return (
    isJsonObject(group) &&
    group.matcher === undefined &&
    Array.isArray(group.hooks) &&
    group.hooks.length > 0 &&
    group.hooks.every(isHookwireQwenHandler)
  );
}

/** The events of `hooks` that have a hookwire group. */
export function hookwireEventsIn(document: JsonObject): string[] {
  const hooks = isJsonObject(document.hooks) ? document.hooks : {};
  return Object.entries(hooks)
    .filter(([, groups]) => Array.isArray(groups) && groups.some(isHookwireGroup))
    .map(([event]) => event);
}

/**
 * Qwen Code's settings.json with exactly one hookwire group for each of `events` (at the end of the
 * event's list when new; where it was when it exists) and none for any other event. Every other byte of
 * the file stays: the user's own hooks, and every other setting.
 */
export function planQwenHooks(
  settingsFile: string,
  currentText: string | undefined,
  events: readonly QwenEvent[],
  handlerFor: (event: QwenEvent) => Record<string, unknown>,
): string {
  let text = currentText?.trim() ? currentText : '{}\n';
  const hooks = parseQwenSettings(settingsFile, text).hooks;
  const existing = isJsonObject(hooks) ? hooks : {};
  for (const event of new Set([...Object.keys(existing), ...events])) {
    const groups = Array.isArray(existing[event]) ? (existing[event] as unknown[]) : [];
    const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
    const wanted = (events as readonly string[]).includes(event);
    // From the last, so the indexes still to edit do not move.
    let length = groups.length;
    for (const index of (wanted ? ours.slice(1) : ours).reverse()) {
      // The last element by a text edit of its own (jsonc's removal of it leaves a stray comma).
      if (index === length - 1) text = removeLastArrayElement(text, ['hooks', event]);
      else text = setJsonValue(text, ['hooks', event, index], undefined);
      length--;
    }
    if (wanted) {
      const handler = handlerFor(event as QwenEvent);
      const [first] = ours;
      if (first === undefined) text = appendArrayElement(text, ['hooks', event], { hooks: [handler] });
      else text = setJsonValue(text, ['hooks', event, first, 'hooks'], [handler]);
    } else if (ours.length > 0 && ours.length === groups.length) {
      text = setJsonValue(text, ['hooks', event], undefined);
    }
  }
  const after = parseQwenSettings(settingsFile, text).hooks;
  if (isJsonObject(after) && Object.keys(after).length === 0 && events.length === 0) {
    text = setJsonValue(text, ['hooks'], undefined);
  }
  return text;
}

/** Qwen Code's settings.json (comments allowed, as Qwen reads it) as an object, or a located error. */
export function parseQwenSettings(settingsFile: string, text: string): JsonObject {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const [first] = errors as [ParseError];
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CommandInputError(
      `${settingsFile}:${line}: ${printParseErrorCode(first.error)}; fix it before hookwire init qwen edits it`,
    );
  }
  if (!isJsonObject(value)) throw new CommandInputError(`${settingsFile}: expected a JSON object`);
  if (value.hooks !== undefined && !isJsonObject(value.hooks)) {
    throw new CommandInputError(`${settingsFile}: "hooks" must be an object of events`);
  }
  return value;
}
