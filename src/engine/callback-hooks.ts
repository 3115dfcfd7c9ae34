import { PROTOCOL_TIMEOUTS } from '../events/field.js';
import { eventSpec, isEventName } from '../events/lookup.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { NormalizedOptions } from './normalize-options.js';

/**
 * In-process hooks registered in code, as ConfiguredHooks of level `code` that run after every loaded hook.
 * Each is its own definition and never de-duplicates (two functions are never "the same command").
 */
export function callbackHooks(callbacks: NormalizedOptions['callbacks']): ConfiguredHook[] {
  return callbacks.map(({ event, matcher, hook }, position) => {
    const timeouts = isEventName(event) ? eventSpec(event).timeouts : PROTOCOL_TIMEOUTS;
    const trimmed = matcher?.trim();
    return {
      event,
      matcher: trimmed === '' ? undefined : trimmed,
      definitionId: `callback-${position}`,
      sequential: false,
      background: hook.async === true,
      handler: hook,
      type: 'callback',
      timeoutSeconds: hook.timeout ?? timeouts.callback,
      dedupeKey: `callback:${position}`,
      label: hook.name,
      provenance: { file: '<code>', level: 'code', line: 1, column: 1, jsonPath: `callbacks[${position}]` },
    };
  });
}
