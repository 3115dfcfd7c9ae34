import type { SessionFiles } from './session-files.js';
import type { Delivery, SessionStateBackend } from './session-state.js';

/**
 * The default session state, in this process: `once` claims and Stop counts in memory, or, with `files`
 * (the engine's `sessionStateDir`), in files shared with the engines of other processes on this machine;
 * background results in memory (they reach other processes' engines through `engine.deliver`). Every
 * operation completes synchronously inside its promise, so firings of one process see each other's
 * effects in the order they happen.
 */
export class LocalSessionState implements SessionStateBackend {
  readonly label: string;
  readonly keepsSessions: boolean;
  private readonly onceRan = new Set<string>();
  private readonly stopBlocks = new Map<string, number>();
  private readonly pending = new Map<string, Delivery[]>();

  constructor(private readonly files?: SessionFiles) {
    this.label = files === undefined ? 'memory' : `files in ${files.directory}`;
    this.keepsSessions = files !== undefined;
  }

  async claimOnce(sessionId: string, hookKey: string): Promise<boolean> {
    if (this.files !== undefined) return this.files.claimOnce(sessionId, hookKey);
    const key = `${sessionId}\u0000${hookKey}`;
    if (this.onceRan.has(key)) return false;
    this.onceRan.add(key);
    return true;
  }

  mayHavePending(sessionId: string): boolean {
    return this.pending.size > 0 && this.pending.has(sessionId);
  }

  async queue(sessionId: string, delivery: Delivery): Promise<void> {
    const list = this.pending.get(sessionId);
    if (list) list.push(delivery);
    else this.pending.set(sessionId, [delivery]);
  }

  async takePending(sessionId: string): Promise<readonly Delivery[]> {
    const list = this.pending.get(sessionId);
    if (!list) return [];
    this.pending.delete(sessionId);
    return list;
  }

  async countStopBlock(sessionId: string, key: string, blocked: boolean, cap: number): Promise<boolean> {
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

  async forget(sessionId: string): Promise<void> {
    this.files?.forget(sessionId);
  }

  async sweep(): Promise<void> {
    this.files?.removeStale();
  }

  async close(): Promise<void> {}
}
