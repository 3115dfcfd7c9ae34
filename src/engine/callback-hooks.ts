import type { ConfiguredHook } from '../settings/configured-hook.js';
import { configuredHook } from '../settings/configured-hook-constructor.js';
import type { NormalizedOptions } from './normalize-options.js';

/**
 * In-process hooks registered in code, as ConfiguredHooks of level `code` that run after every loaded hook.
 * Each is its own definition and never de-duplicates (two functions are never "the same command").
 */
export function callbackHooks(callbacks: NormalizedOptions['callbacks']): ConfiguredHook[] {
  return callbacks.map(({ event, matcher, hook }, position) => {
    const trimmed = matcher?.trim();
    return configuredHook({
      event,
      handler: hook,
      definitionId: `callback-${position}`,
      provenance: { file: '<code>', level: 'code', line: 1, column: 1, jsonPath: `callbacks[${position}]` },
      matcher: trimmed === '' ? undefined : trimmed,
      dedupeKey: `callback:${position}`,
    });
  });
}
