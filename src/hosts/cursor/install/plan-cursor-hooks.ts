import { appendArrayElement, removeLastArrayElement } from '../../../install/json-array-edits.js';
import { setJsonValue } from '../../../install/json-edits.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';

/*
 * The entries `hookwire init cursor` keeps in Cursor's `.cursor/hooks.json`: `{"version": 1, "hooks":
 * {"<event>": [{"command": ..., "timeout": ...}]}}`, one flat list of entries per event (no groups, unlike
 * Claude Code's settings). hookwire's entry of an event is the one whose command runs `hookwire run --host
 * cursor`; every other entry, key and byte of the file stays.
 */

const RUNS_HOOKWIRE = / run --host cursor\b/;

/** Whether an entry is one `hookwire init cursor` wrote: its command runs hookwire for Cursor. */
export function isHookwireEntry(entry: unknown): boolean {
  return isJsonObject(entry) && typeof entry.command === 'string' && RUNS_HOOKWIRE.test(entry.command);
}

/** The events of the document's `hooks` that have a hookwire entry. */
export function hookwireEventsIn(document: JsonObject): string[] {
  const hooks = isJsonObject(document.hooks) ? document.hooks : {};
  return Object.entries(hooks)
    .filter(([, entries]) => Array.isArray(entries) && entries.some(isHookwireEntry))
    .map(([event]) => event);
}

/** The hooks.json (comments allowed, as Cursor reads it) as an object, or a located error. */
export function parseCursorHooks(file: string, text: string): JsonObject {
  return parseHooksSettings(file, text, { init: 'cursor', comments: true });
}

/** A hooks.json hookwire creates: the version Cursor requires and no hooks yet. */
const NEW_FILE = '{\n  "version": 1,\n  "hooks": {}\n}\n';

/**
 * The hooks.json with exactly one hookwire entry for each of `events` (at the end of the event's list when
 * new; where it was when it exists) and none for any other event; an event whose entries were all
 * hookwire's goes. A file without `version` gets Cursor's `1`, without which Cursor reads none of it.
 */
export function planCursorHooks(
  file: string,
  currentText: string | undefined,
  events: readonly string[],
  entryFor: (event: string) => Record<string, unknown>,
): string {
  let text = currentText?.trim() ? currentText : NEW_FILE;
  const document = parseCursorHooks(file, text);
  if (document.version === undefined && events.length > 0) text = setJsonValue(text, ['version'], 1);
  const existing = isJsonObject(document.hooks) ? document.hooks : {};
  for (const event of new Set([...Object.keys(existing), ...events])) {
    const entries = Array.isArray(existing[event]) ? (existing[event] as unknown[]) : [];
    const ours = entries.flatMap((entry, index) => (isHookwireEntry(entry) ? [index] : []));
    const wanted = events.includes(event);
    // From the last, so the indexes still to edit do not move.
    let length = entries.length;
    for (const index of (wanted ? ours.slice(1) : ours).reverse()) {
      // The last element by a text edit of its own (jsonc's removal of it leaves a stray comma).
      if (index === length - 1) text = removeLastArrayElement(text, ['hooks', event]);
      else text = setJsonValue(text, ['hooks', event, index], undefined);
      length--;
    }
    if (wanted) {
      const [first] = ours;
      if (first === undefined) text = appendArrayElement(text, ['hooks', event], entryFor(event));
      else if (JSON.stringify(entries[first]) !== JSON.stringify(entryFor(event)))
        text = setJsonValue(text, ['hooks', event, first], entryFor(event));
    } else if (ours.length > 0 && ours.length === entries.length) {
      text = setJsonValue(text, ['hooks', event], undefined);
    }
  }
  return text;
}
