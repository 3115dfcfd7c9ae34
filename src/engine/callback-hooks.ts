import { HookwireError } from '../errors/hookwire-error.js';
import { specOf } from '../events/lookup.js';
import { compileMatcher } from '../patterns/compile-matcher.js';
import type { CallbackHandlerSettings, ConfiguredHook } from '../settings/configured-hook.js';
import { configuredHook } from '../settings/configured-hook-constructor.js';
import type { NormalizedOptions } from './normalize-options.js';

/**
 * In-process hooks registered in code, as ConfiguredHooks of level `code` that run after every loaded hook.
 * Each is its own definition and never de-duplicates (two functions are never "the same command").
 * Throws a `usage` HookwireError for a matcher that cannot be compiled.
 */
export function callbackHooks(callbacks: NormalizedOptions['callbacks']): ConfiguredHook[] {
  return callbacks.map(({ event, matcher, hook }, position) => {
    const trimmed = matcher?.trim();
    // A matcher that cannot be compiled would match nothing: the guard silently off. Refused at once, as a
    // settings file's is an error that fails the event closed (docs/reliability.md).
    const refused = specOf(event).matcher === null ? undefined : compileMatcher(trimmed).warning;
    if (refused !== undefined)
      throw new HookwireError(
        'usage',
        `callbacks[${position}] (${event}): ${refused.replace(/; it matches nothing.*$/, '')}`,
      );
    return configuredHook({
      event,
      // Typed by its event at registration; the engine calls it only with that event's payload, which the
      // runner hands over untyped (one runner for every event).
      handler: hook as CallbackHandlerSettings,
      definitionId: `callback-${position}`,
      provenance: { file: '<code>', level: 'code', line: 1, column: 1, jsonPath: `callbacks[${position}]` },
      matcher: trimmed === '' ? undefined : trimmed,
      dedupeKey: `callback:${position}`,
    });
  });
}
