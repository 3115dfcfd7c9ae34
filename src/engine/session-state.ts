import type { HookRun } from '../outcome/outcome.js';
import type { SessionFiles } from './session-files.js';

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
 * and background results waiting to be delivered. With `files` (the engine's `sessionStateDir`), the first
 * two are kept there instead, shared with the engines of other processes; background results reach other
 * processes' engines through `deliver`.
 */
export class SessionState {
  private readonly onceRan = new Set<string>();
  private readonly stopBlocks = new Map<string, number>();
  private readonly pending = new Map<string, Delivery[]>();

  constructor(readonly files?: SessionFiles) {}

  /** True the first time for a session and hook, false ever after. */
  claimOnce(sessionId: string, hookKey: string): boolean {
    if (this.files !== undefined) return this.files.claimOnce(sessionId, hookKey);
    const key = `${sessionId}\u0000${hookKey}`;
    if (this.onceRan.has(key)) return false;
    this.onceRan.add(key);
    return true;
  }

  /** Whether any session has background results waiting (checked on the hot path, so it allocates nothing). */
  hasPending(): boolean {
    return this.pending.size > 0;
  }

  hasPendingFor(sessionId: string): boolean {
    return this.pending.has(sessionId);
  }

  queue(sessionId: string, delivery: Delivery): void {
    const list = this.pending.get(sessionId);
    if (list) list.push(delivery);
    else this.pending.set(sessionId, [delivery]);
  }

  /** The waiting results of a session, in the order they finished; they are delivered once. */
  takePending(sessionId: string): readonly Delivery[] {
    const list = this.pending.get(sessionId);
    if (!list) return [];
    this.pending.delete(sessionId);
    return list;
  }

  /**
   * Records whether a Stop-like event was blocked and says whether the block may stand: at most `cap`
   * consecutive blocks per key; the next one is refused and the count starts again.
   */
  countStopBlock(sessionId: string, key: string, blocked: boolean, cap: number): boolean {
    if (this.files !== undefined) return this.files.countStopBlock(sessionId, key, blocked, cap);
    if (!blocked) {
      this.stopBlocks.delete(key);
      return true;
    }
    const count = (this.stopBlocks.get(key) ?? 0) + 1;
    if (count > cap) {
      this.stopBlocks.delete(key);
      return false;
    }
    this.stopBlocks.set(key, count);
    return true;
  }
}
