/**
 * Keeps at most `capBytes` of a stream and counts the rest. Beyond the cap, chunks are still consumed (so the
 * child never blocks on a full pipe) but dropped, which bounds memory whatever the hook prints.
 */
export class OutputCollector {
  private readonly chunks: Buffer[] = [];
  private keptBytes = 0;
  /** True once anything was dropped. */
  truncated = false;

  constructor(private readonly capBytes: number) {}

  push(chunk: Buffer): void {
    const room = this.capBytes - this.keptBytes;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.keptBytes += room;
      this.truncated = true;
      return;
    }
    this.chunks.push(chunk);
    this.keptBytes += chunk.length;
  }

  /** The kept bytes as UTF-8 (a character cut by the cap becomes U+FFFD). */
  text(): string {
    if (this.chunks.length === 0) return '';
    if (this.chunks.length === 1) return this.chunks[0]!.toString('utf8');
    return Buffer.concat(this.chunks, this.keptBytes).toString('utf8');
  }
}
