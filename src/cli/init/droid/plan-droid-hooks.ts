import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { CommandInputError } from '../../command-input.js';
import { appendArrayElement, removeLastArrayElement } from '../codex/array-edits.js';
import { setJsonValue } from '../json-edits.js';
import { isJsonObject, type JsonObject } from '../stay-reason.js';

/** The events Factory Droid fires hooks for, Claude Code's names (docs/hosts/droid.md). */
export const DROID_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'PreCompact',
  'SubagentStop',
  'Stop',
  'SessionEnd',
] as const;

export type DroidEvent = (typeof DROID_EVENTS)[number];

export function isDroidEvent(event: string): event is DroidEvent {
  return (DROID_EVENTS as readonly string[]).includes(event);
}

/** Whether a handler is one `hookwire init droid` wrote: its command runs hookwire for the droid host. */
function isHookwireDroidHandler(handler: unknown): boolean {
  return (
    isJsonObject(handler) &&
    typeof handler.command === 'string' &&
    / run --host droid\b/.test(handler.command)
  );
}

/** A group whose handlers are all hookwire's, with no matcher. */
function isHookwireGroup(group: unknown): boolean {
  return (
    isJsonObject(group) &&
    group.matcher === undefined &&
    Array.isArray(group.hooks) &&
    group.hooks.length > 0 &&
    group.hooks.every(isHookwireDroidHandler)
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
 * Droid's settings.json with exactly one hookwire group for each of `events` (at the end of the event's list
 * when new; where it was when it exists) and none for any other event. Every other byte of the file stays.
 */
export function planDroidHooks(
  settingsFile: string,
  currentText: string | undefined,
  events: readonly DroidEvent[],
  handlerFor: (event: DroidEvent) => Record<string, unknown>,
): string {
  let text = currentText?.trim() ? currentText : '{}\n';
  const hooks = parseDroidSettings(settingsFile, text).hooks;
  const existing = isJsonObject(hooks) ? hooks : {};
  for (const event of new Set([...Object.keys(existing), ...events])) {
    const groups = Array.isArray(existing[event]) ? (existing[event] as unknown[]) : [];
    const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
    const wanted = (events as readonly string[]).includes(event);
    // From the last, so the indexes still to edit do not move.
    let length = groups.length;
    for (const index of (wanted ? ours.slice(1) : ours).reverse()) {
      if (index === length - 1) text = removeLastArrayElement(text, ['hooks', event]);
      else text = setJsonValue(text, ['hooks', event, index], undefined);
      length--;
    }
    if (wanted) {
      const handler = handlerFor(event as DroidEvent);
      const [first] = ours;
      if (first === undefined) text = appendArrayElement(text, ['hooks', event], { hooks: [handler] });
      else text = setJsonValue(text, ['hooks', event, first, 'hooks'], [handler]);
    } else if (ours.length > 0 && ours.length === groups.length) {
      text = setJsonValue(text, ['hooks', event], undefined);
    }
  }
  const after = parseDroidSettings(settingsFile, text).hooks;
  if (isJsonObject(after) && Object.keys(after).length === 0 && events.length === 0) {
    text = setJsonValue(text, ['hooks'], undefined);
  }
  return text;
}

/** Droid's settings.json (comments allowed) as an object, or a located error. */
export function parseDroidSettings(settingsFile: string, text: string): JsonObject {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const [first] = errors as [ParseError];
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CommandInputError(
      `${settingsFile}:${line}: ${printParseErrorCode(first.error)}; fix it before hookwire init droid edits it`,
    );
  }
  if (!isJsonObject(value)) throw new CommandInputError(`${settingsFile}: expected a JSON object`);
  if (value.hooks !== undefined && !isJsonObject(value.hooks)) {
    throw new CommandInputError(`${settingsFile}: "hooks" must be an object of events`);
  }
  return value;
}
