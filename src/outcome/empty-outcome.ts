import { unknownEventWarning } from '../events/lookup.js';
import type { Outcome } from './outcome.js';

const NOTHING: readonly never[] = Object.freeze([]);
const NO_FIELDS: Readonly<Record<string, never>> = Object.freeze({});
const cache = new Map<string, Promise<Outcome>>();

/**
 * The outcome of a firing that matched no hook, already resolved and shared (frozen) by every such firing
 * of the event, so that the common case allocates nothing. An event the catalogue does not know carries its
 * warning and is built afresh each time: caching any name a host sends would let the cache grow unbounded.
 */
export function emptyOutcome(event: string): Promise<Outcome> {
  // The cache is looked up first: it holds only known events, and this is the hottest path of the engine.
  let cached = cache.get(event);
  if (cached !== undefined) return cached;
  const unknown = unknownEventWarning(event);
  if (unknown !== undefined) return Promise.resolve(frozenOutcome(event, Object.freeze([unknown])));
  cached = Promise.resolve(frozenOutcome(event, NOTHING));
  cache.set(event, cached);
  return cached;
}

/** The same outcome, built at once: for code that must answer without awaiting (init writing a guard). */
export function emptyOutcomeNow(event: string): Outcome {
  return frozenOutcome(event, NOTHING);
}

function frozenOutcome(event: string, warnings: readonly string[]): Outcome {
  return Object.freeze({
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
    warnings,
    durationMs: 0,
    runs: NOTHING,
    trace: NO_FIELDS,
  });
}
