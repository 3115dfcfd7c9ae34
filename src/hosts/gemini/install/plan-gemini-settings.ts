import { appendArrayElement, removeLastArrayElement } from '../../../install/json-array-edits.js';
import { setJsonValue } from '../../../install/json-edits.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';
import type { GeminiEventName } from '../gemini-events.js';

/** The `name` of every handler `hookwire init gemini` writes: what Gemini's `/hooks` panel lists. */
export const HOOKWIRE_HOOK_NAME = 'hookwire';

/** One handler as it stands in a Gemini settings `hooks` group; `timeout` in milliseconds. */
export interface GeminiCommandHandler {
  readonly name: string;
  readonly type: 'command';
  readonly command: string;
  readonly timeout: number;
}

/** Whether a handler is one `hookwire init gemini` wrote: its command runs hookwire for the gemini host. */
export function isHookwireGeminiHandler(handler: unknown): boolean {
  return (
    isJsonObject(handler) &&
    typeof handler.command === 'string' &&
    / run --host gemini\b/.test(handler.command)
  );
}

/**
 * A Gemini settings text with one hookwire group for each event of `handlers` and none for any other event:
 * a group that is there is rewritten in place, a new one is appended to its event's list, and a group of an
 * event no longer wanted is removed (with the event, when nothing is left in it). Every other byte of the
 * file is kept: Gemini's settings hold far more than hooks, and comments.
 */
export function planGeminiSettings(
  settingsFile: string,
  currentText: string | undefined,
  handlers: ReadonlyMap<GeminiEventName, GeminiCommandHandler>,
): string {
  let text = currentText?.trim() ? currentText : '{}\n';
  const hooks = parseGeminiSettings(settingsFile, text).hooks;
  const existing = isJsonObject(hooks) ? hooks : {};
  const events = new Set<string>([...Object.keys(existing), ...handlers.keys()]);
  for (const event of events) {
    const groups = Array.isArray(existing[event]) ? (existing[event] as unknown[]) : [];
    const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
    const handler = handlers.get(event as GeminiEventName);
    const [first, ...extra] = ours;
    // From the last, so that the indexes still to remove do not move.
    let length = groups.length;
    for (const index of (handler === undefined ? ours : extra).reverse()) {
      // The last element goes without reformatting the one before it (jsonc-parser would re-indent it).
      text =
        index === length - 1
          ? removeLastArrayElement(text, ['hooks', event])
          : setJsonValue(text, ['hooks', event, index], undefined);
      length--;
    }
    if (handler !== undefined) {
      text =
        first === undefined
          ? appendArrayElement(text, ['hooks', event], { hooks: [handler] })
          : setJsonValue(text, ['hooks', event, first, 'hooks'], [handler]);
    } else if (ours.length > 0 && ours.length === groups.length) {
      text = setJsonValue(text, ['hooks', event], undefined);
    }
  }
  const after = parseGeminiSettings(settingsFile, text).hooks;
  if (handlers.size === 0 && isJsonObject(after) && Object.keys(after).length === 0) {
    text = setJsonValue(text, ['hooks'], undefined);
  }
  return text;
}

/** A group whose handlers are all hookwire's, with no matcher (hookwire matches for itself). */
function isHookwireGroup(group: unknown): boolean {
  if (!isJsonObject(group) || !Array.isArray(group.hooks) || group.hooks.length === 0) return false;
  return group.matcher === undefined && group.hooks.every(isHookwireGeminiHandler);
}

/**
 * A Gemini settings file as an object, or a located error: init never rewrites a file it cannot read.
 * Gemini reads its settings with comments allowed, so they are allowed here too.
 */
export function parseGeminiSettings(settingsFile: string, text: string): JsonObject {
  return parseHooksSettings(settingsFile, text, { init: 'gemini', comments: true });
}
