import type { Outcome } from '../outcome/outcome.js';

const NOTHING: readonly never[] = Object.freeze([]);
const NO_FIELDS: Readonly<Record<string, never>> = Object.freeze({});
const cache = new Map<string, Promise<Outcome>>();

/**
 * The outcome of a firing that matched no hook, already resolved and shared (frozen) by every such firing
 * of the event, so that the common case allocates nothing.
 */
export function emptyOutcome(event: string): Promise<Outcome> {
  let cached = cache.get(event);
  if (cached === undefined) {
    cached = Promise.resolve(
      Object.freeze({
        event,
        decision: null,
        reason: null,
        continue: true,
        stopReason: null,
        systemMessages: NOTHING,
        additionalContext: NOTHING,
        updatedInput: null,
        hookSpecificOutput: NO_FIELDS,
        suppressOutput: false,
        warnings: NOTHING,
        durationMs: 0,
        runs: NOTHING,
        trace: NO_FIELDS,
      }),
    );
    cache.set(event, cached);
  }
  return cached;
}
