import { appendArrayElement, removeLastArrayElement } from '../../../install/json-array-edits.js';
import { setJsonValue } from '../../../install/json-edits.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';
import { codexEventKey, codexHookHash, codexHookKey } from '../codex-hook-hash.js';
import type { CodexEvent } from './codex-events.js';

/** One handler hookwire installed in Codex's hooks.json, with the trust Codex needs to run it. */
export interface InstalledCodexHook {
  readonly event: CodexEvent;
  readonly key: string;
  readonly hash: string;
}

export interface CodexHooksPlan {
  /** The new hooks.json text (the old one with only hookwire's groups added or removed). */
  readonly text: string;
  /** Every hookwire handler now in the file, with its `[hooks.state]` key and hash. */
  readonly installed: readonly InstalledCodexHook[];
  /** The `[hooks.state]` keys of hookwire handlers the plan removed. */
  readonly removed: readonly string[];
}

/** Whether a handler is one `hookwire init codex` wrote: its command runs hookwire for the codex host. */
export function isHookwireCodexHandler(handler: unknown): boolean {
  return (
    isJsonObject(handler) &&
    typeof handler.command === 'string' &&
    / run --host codex\b/.test(handler.command)
  );
}

/**
 * Codex's hooks.json with one hookwire group for each of `events` (and none for any other event). A group
 * that exists is kept where it is; a new one is appended at the end of its event's list, and a removed one
 * is only removed if it is the last, so the `<file>:<event>:<group>:<handler>` keys of the user's own hooks,
 * and with them the trust Codex has recorded for them, never move. (A hookwire group that is not last is
 * emptied instead of removed, for the same reason.)
 */
export function planCodexHooks(
  hooksFile: string,
  currentText: string | undefined,
  events: readonly CodexEvent[],
  commandFor: (event: CodexEvent) => string,
): CodexHooksPlan {
  let text = currentText?.trim() ? currentText : '{}\n';
  const document = parseHooksJson(hooksFile, text);
  const hooks = isJsonObject(document.hooks) ? document.hooks : {};
  const installed: InstalledCodexHook[] = [];
  const removed: string[] = [];

  const allEvents = new Set<string>([...Object.keys(hooks), ...events]);
  for (const event of allEvents) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const eventKey = codexEventKey(event);
    const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
    const wanted = (events as readonly string[]).includes(event);
    if (wanted) {
      const handler = { type: 'command' as const, command: commandFor(event as CodexEvent) };
      const index = ours[0] ?? groups.length;
      if (ours.length === 0) text = appendArrayElement(text, ['hooks', event], { hooks: [handler] });
      else text = setJsonValue(text, ['hooks', event, index, 'hooks'], [handler]);
      const key = codexHookKey(hooksFile, eventKey, index, 0);
      installed.push({ event: event as CodexEvent, key, hash: codexHookHash(eventKey, undefined, handler) });
      for (const extra of ours.slice(1)) removed.push(...emptyGroup(extra));
    } else {
      for (const index of ours) removed.push(...emptyGroup(index));
    }
    function emptyGroup(index: number): string[] {
      const group = groups[index] as JsonObject;
      const keys = (group.hooks as unknown[]).map((_, handler) =>
        codexHookKey(hooksFile, eventKey, index, handler),
      );
      text = setJsonValue(text, ['hooks', event, index, 'hooks'], []);
      return keys;
    }
  }
  return { text: withEmptyTailsRemoved(hooksFile, text), installed, removed };
}

/** A group whose handlers are all hookwire's (an emptied one left by an earlier undo counts too). */
function isHookwireGroup(group: unknown): boolean {
  if (!isJsonObject(group) || !Array.isArray(group.hooks)) return false;
  return group.matcher === undefined && group.hooks.every(isHookwireCodexHandler);
}

/** Trailing empty hookwire groups go, and an event left with no groups goes: no key of another hook moves. */
function withEmptyTailsRemoved(hooksFile: string, text: string): string {
  const hooks = parseHooksJson(hooksFile, text).hooks;
  if (!isJsonObject(hooks)) return text;
  let result = text;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    let length = groups.length;
    while (length > 0 && isEmptyGroup(groups[length - 1])) {
      length--;
      result = removeLastArrayElement(result, ['hooks', event]);
    }
    if (length === 0 && groups.length > 0) result = setJsonValue(result, ['hooks', event], undefined);
  }
  return result;
}

function isEmptyGroup(group: unknown): boolean {
  return (
    isJsonObject(group) &&
    group.matcher === undefined &&
    Array.isArray(group.hooks) &&
    group.hooks.length === 0
  );
}

/** Codex's hooks.json as an object, or a located error: init never rewrites a file it cannot read. */
export function parseHooksJson(hooksFile: string, text: string): JsonObject {
  return parseHooksSettings(hooksFile, text, { init: 'codex', comments: false });
}
