import type { HookRun } from '../outcome/outcome.js';

/** What a background hook said that comes back on the next `fire` of its session. */
export interface Delivery {
  /** The finished run, as it would have appeared had the hook been awaited. */
  readonly run: HookRun;
  readonly event: string;
  readonly additionalContext?: string;
  readonly systemMessage?: string;
}

/**
 * The engine's memory across firings, per session: which `once` hooks already ran, consecutive Stop blocks,
 * and background results waiting to be delivered. Two implementations: `LocalSessionState` (the default: in
 * memory, or in the files of `sessionStateDir`) and `RedisSessionState` (`serve --state redis://...`: shared
 * by replicas). Each operation has the atomicity its guarantee needs in every implementation: a `once` hook
 * is claimed by exactly one caller, a Stop count is read and written as one step, a waiting result is taken
 * by exactly one event.
 *
 * A method that cannot do its work (a store that cannot be reached, or does not answer in time) rejects
 * with a `HookwireError` of kind `io` whose message names the store and the operation; the engine then
 * fails the event closed (`failClosedOnStateFault`): never "allow" because of a fault.
 */
export interface SessionStateBackend {
  /** How messages name the store: `memory`, `files in DIR`, `redis://host:port/N` (never a password). */
  readonly label: string;
  /** Whether the engine calls `forget` after a session's end event and `sweep` after a start or end. */
  readonly keepsSessions: boolean;
  /** True for exactly one caller per session and hook, false for every other (across processes for a shared store). */
  claimOnce(sessionId: string, hookKey: string): Promise<boolean>;
  /**
   * Records whether a Stop-like event was blocked and says whether the block may stand: at most `cap`
   * consecutive blocks per key; the next one is refused and the count starts again.
   */
  countStopBlock(sessionId: string, key: string, blocked: boolean, cap: number): Promise<boolean>;
  /** Keeps a background result for the session's next event. */
  queue(sessionId: string, delivery: Delivery): Promise<void>;
  /**
   * False only when nothing can be waiting for the session: checked on the hot path of a firing that
   * selected no hook, so it is synchronous and allocates nothing. A shared store answers true.
   */
  mayHavePending(sessionId: string): boolean;
  /** The session's waiting results, in the order they finished, taken: no other event gets them. */
  takePending(sessionId: string): Promise<readonly Delivery[]>;
  /** What the session left (after its end event). */
  forget(sessionId: string): Promise<void>;
  /** Removes what abandoned sessions left (after any session's start or end). */
  sweep(): Promise<void>;
  /** Releases connections. The engine does not call it: whoever made the store closes it. */
  close(): Promise<void>;
}

/** The synchronous view of `once` claims the planner reads (claimed before planning: `claimOnceHooks`). */
export interface OnceClaims {
  claimOnce(sessionId: string, hookKey: string): boolean;
}
