import type { AnyEventName } from '../events/event-names.js';
import { createRunRequest, type RunSettings } from '../run/create-run-request.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { EngineContext } from './engine-context.js';
import { type ExecutedHook, executeHook } from './execute-hook.js';

/** What every hook of one firing shares, built once per firing. */
export interface Firing {
  readonly context: EngineContext;
  readonly event: AnyEventName;
  readonly sessionId: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The payload serialised once, shared by every hook that sees it unchanged. */
  readonly payloadJson: string;
  readonly settings: RunSettings;
  /** `performance.now()` when the firing started: the origin of its runs' `startedAtMs`. */
  readonly startedAt: number;
}

/**
 * Runs the hook at `index` of the firing, with the firing's payload or, in a sequential chain, the payload
 * as the hook before rewrote it. Module-level rather than a closure per firing: this is the hot path.
 */
export function executeInFiring(
  firing: Firing,
  index: number,
  hook: ConfiguredHook,
  payload = firing.payload,
  payloadJson = firing.payloadJson,
): Promise<ExecutedHook> {
  const request = createRunRequest(hook, payload, payloadJson, firing.settings);
  return executeHook(firing.event, index, request, firing.context.options, firing.startedAt);
}
