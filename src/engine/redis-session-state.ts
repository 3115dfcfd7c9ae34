import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HookwireError } from '../errors/hookwire-error.js';
import { sessionDirectoryName } from './session-files.js';
import type { Delivery, SessionStateBackend } from './session-state.js';

/** Options of `connectRedisSessionState`. */
export interface RedisSessionStateOptions {
  /** `redis://[user:password@]host:port/N` (or `rediss://` for TLS). */
  readonly url: string;
  /** Every command, and the first connection, gets this long; then it is a fault. Default 1000 ms. */
  readonly timeoutMs?: number;
  /** What a session keeps expires this long after its last write. Default 7 days (as the local files). */
  readonly ttlMs?: number;
  /** The prefix of every key. Default `hookwire`. */
  readonly keyPrefix?: string;
}

/** A result taken whose answer did not come back is restored within this long, or expires with its key. */
const TAKEN_TTL_MS = 10 * 60 * 1000;
const RESTORE_RETRY_MS = 500;

/*
 * One script per operation: each runs in Redis as one step, so replicas racing on a session see either all
 * of another's operation or none of it. Keys of a session share its hash tag (`{...}`), so a cluster would
 * keep them on one node.
 */
// A claim holds the claimer's own token, so a claim whose answer was lost can be taken back (RELEASE_ONCE)
// without touching another replica's.
const CLAIM_ONCE = `local claimed = redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return claimed`;
const RELEASE_ONCE = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;
const COUNT_STOP = `if ARGV[2] == '0' then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if count > tonumber(ARGV[3]) then redis.call('HDEL', KEYS[1], ARGV[1]) return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;
// Idempotent by the result's own id (KEYS[2] holds the ids queued): a write retried after its answer was
// lost does not queue the result twice.
const QUEUE = `if redis.call('SADD', KEYS[2], ARGV[3]) == 1 then redis.call('RPUSH', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1`;
// The waiting results move to a key of this take's own: if the answer to this script is lost (a timeout,
// a dropped connection), the taker puts them back (RESTORE), and no other event can have had them.
const TAKE = `local items = redis.call('LRANGE', KEYS[1], 0, -1)
if #items == 0 then return items end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return items`;
const RESTORE = `local items = redis.call('LRANGE', KEYS[2], 0, -1)
if #items == 0 then return 0 end
for index = #items, 1, -1 do redis.call('LPUSH', KEYS[1], items[index]) end
redis.call('DEL', KEYS[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return #items`;

interface ScriptedRedis extends Redis {
  hookwireClaimOnce(key: string, field: string, ttl: number, token: string): Promise<number>;
  hookwireReleaseOnce(key: string, field: string, token: string): Promise<number>;
  hookwireCountStop(key: string, field: string, blocked: string, cap: number, ttl: number): Promise<number>;
  hookwireQueue(key: string, ids: string, item: string, ttl: number, id: string): Promise<number>;
  hookwireTake(pending: string, taken: string, ttl: number): Promise<string[]>;
  hookwireRestore(pending: string, taken: string, ttl: number): Promise<number>;
}

/** A URL as messages show it: without user name and password. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '/0');
  } catch {
    return 'redis (an invalid URL)';
  }
}

/** The least time start-up gives the store to answer its first command. */
const STARTUP_TIMEOUT_MS = 5000;

/**
 * Connects to Redis (or Valkey) and returns the session state kept there, shared by every engine that uses
 * the same store: replicas of `hookwire serve` behind a load balancer. `ioredis` is imported here, only when
 * a Redis store is asked for. Rejects with a `usage` HookwireError when the URL is not a Redis URL, and an
 * `io` one when the store does not answer within `timeoutMs`.
 *
 * Every command is bounded by `timeoutMs` and never queued while disconnected (it fails at once), so an
 * event never waits on a store that is gone; the client reconnects by itself. A failed operation rejects
 * with an `io` HookwireError naming the store and the operation, and the engine fails the event closed.
 */
export async function connectRedisSessionState(
  options: RedisSessionStateOptions,
): Promise<SessionStateBackend> {
  const label = redisLabel(options.url);
  if (!/^rediss?:\/\//.test(options.url)) {
    throw new HookwireError('usage', `--state must be redis://HOST:PORT/N or rediss://..., not ${label}`);
  }
  const timeoutMs = options.timeoutMs ?? 1000;
  let Client: typeof import('ioredis').Redis;
  try {
    ({ Redis: Client } = await import('ioredis'));
  } catch (error) {
    throw new HookwireError('usage', `a Redis session state needs the ioredis package: npm install ioredis`, {
      cause: error,
    });
  }
  const client = new Client(options.url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // A command while disconnected fails at once, and one sent before a connection dropped is never sent
    // again after it comes back: the caller has already failed the event closed.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  }) as ScriptedRedis;
  let lastError = '';
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  client.defineCommand('hookwireClaimOnce', { numberOfKeys: 1, lua: CLAIM_ONCE });
  client.defineCommand('hookwireReleaseOnce', { numberOfKeys: 1, lua: RELEASE_ONCE });
  client.defineCommand('hookwireCountStop', { numberOfKeys: 1, lua: COUNT_STOP });
  client.defineCommand('hookwireQueue', { numberOfKeys: 2, lua: QUEUE });
  client.defineCommand('hookwireTake', { numberOfKeys: 2, lua: TAKE });
  client.defineCommand('hookwireRestore', { numberOfKeys: 2, lua: RESTORE });
  // ioredis rejects a connection that never became ready with a bare "Connection is closed", and only after
  // its retries: the deadline here is the start-up's own, and the reason the first one that names a cause.
  // Start-up waits longer than one command may (STARTUP_TIMEOUT_MS at least): a store that is slow to greet a
  // replica starting on a loaded machine is not a store that is gone.
  const startupTimeoutMs = Math.max(timeoutMs, STARTUP_TIMEOUT_MS);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        deadline = setTimeout(
          () => reject(new Error(`no answer within ${startupTimeoutMs} ms`)),
          startupTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    client.disconnect();
    const message = (error as Error).message;
    const cause = /^Connection is closed\.?$/.test(message) && lastError !== '' ? lastError : message;
    throw new HookwireError(
      'io',
      `cannot reach the session state store ${label}: ${/^Command timed out\.?$/.test(cause) ? `no answer within ${timeoutMs} ms` : cause}`,
    );
  } finally {
    clearTimeout(deadline);
  }
  return new RedisSessionState(
    client,
    label,
    timeoutMs,
    options.ttlMs ?? 7 * 24 * 60 * 60 * 1000,
    options.keyPrefix ?? 'hookwire',
    () => lastError,
  );
}

/** The session state in Redis (see connectRedisSessionState). */
class RedisSessionState implements SessionStateBackend {
  readonly keepsSessions = true;
  /** Takes whose answer was lost, still to be put back. */
  private readonly restoring = new Map<string, NodeJS.Timeout | undefined>();
  /** Once claims whose answer was lost, still to be taken back. */
  private readonly releasing = new Set<() => Promise<unknown>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly client: ScriptedRedis,
    readonly label: string,
    private readonly timeoutMs: number,
    private readonly ttlMs: number,
    private readonly prefix: string,
    private readonly lastError: () => string,
  ) {}

  /**
   * A claim whose answer is lost (a timeout, a dropped connection) may still have been made in Redis, and
   * the event that asked is blocked without running the hook: the claim is then taken back (its own token
   * only; sent after it on the same connection, so it runs after it), so the session's next event runs the
   * hook. Exactly once, unless the replica dies before the release gets through (then at most once).
   */
  async claimOnce(sessionId: string, hookKey: string): Promise<boolean> {
    const key = this.key(sessionId, 'once');
    const field = sha256(hookKey);
    const token = randomUUID();
    try {
      const claimed = await this.call(`claiming a once hook of session ${sessionId}`, () =>
        this.client.hookwireClaimOnce(key, field, this.ttlMs, token),
      );
      return claimed === 1;
    } catch (error) {
      this.retry(() => this.client.hookwireReleaseOnce(key, field, token));
      throw error;
    }
  }

  countStopBlock(sessionId: string, key: string, blocked: boolean, cap: number): Promise<boolean> {
    return this.call(`counting the Stop blocks of session ${sessionId}`, () =>
      this.client.hookwireCountStop(
        this.key(sessionId, 'stop'),
        sha256(key),
        blocked ? '1' : '0',
        cap,
        this.ttlMs,
      ),
    ).then((stands) => stands === 1);
  }

  /**
   * A result finishes when its hook does, whatever the store is doing then: a write that fails is retried
   * (the same id: never queued twice) until the store answers, for up to TAKEN_TTL_MS or until close().
   */
  async queue(sessionId: string, delivery: Delivery): Promise<void> {
    const id = randomUUID();
    const write = () =>
      this.call(`keeping a background result of session ${sessionId}`, () =>
        this.client.hookwireQueue(
          this.key(sessionId, 'pending'),
          this.key(sessionId, 'queued'),
          JSON.stringify(delivery),
          this.ttlMs,
          id,
        ),
      );
    const startedAt = Date.now();
    for (;;) {
      try {
        await write();
        return;
      } catch (error) {
        if (this.closed || Date.now() - startedAt > TAKEN_TTL_MS) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, RESTORE_RETRY_MS).unref());
    }
  }

  mayHavePending(): boolean {
    // Another replica may have queued one.
    return true;
  }

  async takePending(sessionId: string): Promise<readonly Delivery[]> {
    const pending = this.key(sessionId, 'pending');
    const taken = this.key(sessionId, `taken:${randomUUID()}`);
    let items: string[];
    try {
      items = await this.call(`taking the background results of session ${sessionId}`, () =>
        this.client.hookwireTake(pending, taken, TAKEN_TTL_MS),
      );
    } catch (error) {
      // The take may have run in Redis with its answer lost: put back whatever it moved, once Redis answers.
      this.restore(pending, taken);
      throw error;
    }
    if (items.length > 0) {
      // Delivered: the copy kept for a restore is not needed. Losing this command only leaves it to expire.
      this.client.del(taken).catch(() => undefined);
    }
    const deliveries: Delivery[] = [];
    for (const item of items) {
      try {
        deliveries.push(JSON.parse(item) as Delivery);
      } catch {
        // Not ours: skipped, as a torn line of the local files is.
      }
    }
    return deliveries;
  }

  async forget(sessionId: string): Promise<void> {
    await this.call(`removing the state of session ${sessionId}`, () =>
      this.client.del(
        this.key(sessionId, 'once'),
        this.key(sessionId, 'stop'),
        this.key(sessionId, 'pending'),
      ),
    );
  }

  async sweep(): Promise<void> {
    // Every key expires by itself (ttlMs after the session's last write).
  }

  async close(): Promise<void> {
    this.closed = true;
    // One last attempt for takes whose answer was lost; then they expire (TAKEN_TTL_MS) in the store.
    await Promise.allSettled(
      [...this.restoring.keys()].map((pair) => {
        const [pending, taken] = JSON.parse(pair) as [string, string];
        clearTimeout(this.restoring.get(pair));
        return this.client.hookwireRestore(pending, taken, this.ttlMs);
      }),
    );
    this.restoring.clear();
    for (const timer of this.retryTimers) clearTimeout(timer);
    await Promise.allSettled([...this.releasing].map((release) => release()));
    this.releasing.clear();
    await this.client.quit().catch(() => this.client.disconnect());
  }

  /** Sends a command until Redis answers it, for up to TAKEN_TTL_MS or until close() (one last try). */
  private retry(command: () => Promise<unknown>, startedAt = Date.now()): void {
    this.releasing.add(command);
    command().then(
      () => this.releasing.delete(command),
      () => {
        if (this.closed || Date.now() - startedAt > TAKEN_TTL_MS) {
          this.releasing.delete(command);
          return;
        }
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          this.retry(command, startedAt);
        }, RESTORE_RETRY_MS);
        timer.unref();
        this.retryTimers.add(timer);
      },
    );
  }

  /** Puts a lost take's results back, retrying until Redis answers or the copy has expired. */
  private restore(pending: string, taken: string, startedAt = Date.now()): void {
    const pair = JSON.stringify([pending, taken]);
    this.restoring.set(pair, undefined);
    this.client.hookwireRestore(pending, taken, this.ttlMs).then(
      () => this.restoring.delete(pair),
      () => {
        if (this.closed || Date.now() - startedAt > TAKEN_TTL_MS) {
          this.restoring.delete(pair);
          return;
        }
        const timer = setTimeout(() => this.restore(pending, taken, startedAt), RESTORE_RETRY_MS);
        timer.unref();
        this.restoring.set(pair, timer);
      },
    );
  }

  /** One command, its failure as a located `io` error: the store, what was being done, and why it failed. */
  private async call<T>(doing: string, command: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    // The client's commandTimeout bounds most commands; this bounds every one, whatever path the client
    // takes (a script it re-sends after NOSCRIPT, a reconnection): an event never waits longer on the store.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Command timed out')), this.timeoutMs + 50);
    });
    try {
      return await Promise.race([command(), deadline]);
    } catch (error) {
      const message = (error as Error).message;
      const why = /timed out/i.test(message)
        ? `no answer within ${this.timeoutMs} ms`
        : this.client.status === 'ready'
          ? message
          : `not connected (${this.lastError() || this.client.status})`;
      throw new HookwireError('io', `session state store ${this.label}: ${doing}: ${why}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private key(sessionId: string, part: string): string {
    return `${this.prefix}:{${sessionDirectoryName(sessionId)}}:${part}`;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
