import type { AnyEventName } from '../events/event-names.js';
import type { RunSettings } from '../run/create-run-request.js';
import type { EngineContext } from './engine-context.js';

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
