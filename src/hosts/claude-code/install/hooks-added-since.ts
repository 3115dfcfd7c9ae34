import { ownValue } from '../../../common/own-value.js';
import { isHookwireRun } from '../../../install/is-hookwire-run.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';

/** Hook definitions by event, as in a settings file's `hooks`. */
export type HooksByEvent = Record<string, unknown[]>;

/** The `hooks` of a settings object, as lists by event (anything else reads as none). */
export function hooksOf(settings: JsonObject): HooksByEvent {
  const hooks = isJsonObject(settings.hooks) ? settings.hooks : {};
  return Object.fromEntries(Object.entries(hooks).filter((entry) => Array.isArray(entry[1]))) as HooksByEvent;
}

/**
 * The definitions of `current` that `written` (the text init wrote) did not have: hooks the user added since,
 * whether init would move them or not. Catch-alls that call hookwire are never counted: they are init's.
 */
export function hooksAddedSince(current: JsonObject, written: JsonObject): HooksByEvent {
  const before = hooksOf(written);
  const added: HooksByEvent = {};
  for (const [event, definitions] of Object.entries(hooksOf(current))) {
    const known = new Set((ownValue(before, event) ?? []).map((definition) => JSON.stringify(definition)));
    const fresh = definitions.filter(
      (definition) => !known.has(JSON.stringify(definition)) && !isCatchAll(definition),
    );
    if (fresh.length > 0) added[event] = fresh;
  }
  return added;
}

/** `hooks` with `added` appended, event by event; undefined when there is no hook at all. */
export function withAddedHooks(hooks: HooksByEvent, added: HooksByEvent): HooksByEvent | undefined {
  // A Map, then own properties: an event named `__proto__` or `constructor` in a settings file is a key like any.
  const merged = new Map(Object.entries(hooks));
  for (const [event, definitions] of Object.entries(added)) {
    merged.set(event, [...(merged.get(event) ?? []), ...definitions]);
  }
  return merged.size > 0 ? Object.fromEntries(merged) : undefined;
}

function isCatchAll(definition: unknown): boolean {
  const handlers = isJsonObject(definition) && Array.isArray(definition.hooks) ? definition.hooks : [];
  return (
    handlers.length > 0 &&
    handlers.every((handler) => isJsonObject(handler) && isHookwireRun(String(handler.command ?? '')))
  );
}
