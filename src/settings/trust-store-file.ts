import {
  chmodSync,
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HookwireError } from '../errors/hookwire-error.js';

/*
 * The one way a trust store file is changed, whatever its format: hookwire's own (`trust-store.ts`) and
 * another agent's kept in that agent's format (Deep Agents Code's workspace trust,
 * `src/hosts/deepagents/workspace-trust.ts`), each an adapter of `TrustStoreFormat`. Under a lock file
 * (created with O_EXCL, so that writers take turns), the store is read again, changed, and written atomically
 * (a 0600 temporary file, fsync, rename, fsync of the directory): a reader sees the old store or the new one.
 * A store that cannot be believed is never overwritten: it may hold the user's other answers.
 */

/** A store's bytes read: the store, or why it cannot be believed. */
export type TrustStoreFileReading<Store> =
  | { readonly store: Store; readonly problem?: undefined }
  | { readonly store?: undefined; readonly problem: string; readonly fix?: string };

/** How a lock that does not go away is told apart from a writer at work. */
export type TrustStoreLock =
  /**
   * hookwire's: the lock holds its writer's pid; one whose process is gone, or older than `staleMs`, is
   * removed and taken.
   */
  | { readonly kind: 'owner-pid'; readonly waitMs: number; readonly staleMs: number }
  /**
   * An agent whose lock is an flock on a file it leaves behind (Python's FileLock): the file stays empty, and
   * one untouched for `leftoverMs` is such a leftover, written past without being taken or removed.
   */
  | { readonly kind: 'leftover-file'; readonly waitMs: number; readonly leftoverMs: number };

/** A store's format: how its file reads, how a store is written, its lock and its directory. */
export interface TrustStoreFormat<Store> {
  readonly read: (file: string) => TrustStoreFileReading<Store>;
  /** The whole text of `file` for `store`; may throw a HookwireError to refuse writing it. */
  readonly serialize: (store: Store, file: string) => string;
  readonly lock: TrustStoreLock;
  /**
   * `private`: the store's directory is made 0700 and must be a real directory (hookwire's state
   * directory); `created`: it is created 0700 when missing, and otherwise taken as it is (a symlink too).
   */
  readonly directory: 'private' | 'created';
  /** Run under the lock once the store is written: what the format keeps beside the store follows it. */
  readonly afterWrite?: (store: Store, file: string) => void;
}

/** What an update did: the store written, or why the file was left as it was. */
export type TrustStoreUpdate<Store> =
  | { readonly store: Store; readonly refused?: undefined }
  | {
      readonly store?: undefined;
      readonly refused: 'unreadable';
      readonly reading: Extract<TrustStoreFileReading<Store>, { problem: string }>;
    }
  | {
      readonly store?: undefined;
      readonly refused: 'locked';
      readonly lock: string;
      readonly cause?: unknown;
    };

/**
 * Changes the store at `file` in `format` by `change`. Refusals (a store that cannot be believed, a lock that
 * is held or cannot be made) are values; a failure to write throws a HookwireError naming the file.
 */
export async function updateTrustStoreFile<Store>(
  file: string,
  format: TrustStoreFormat<Store>,
  change: (store: Store) => Store,
): Promise<TrustStoreUpdate<Store>> {
  prepareDirectory(dirname(file), format.directory);
  const lock = `${file}.lock`;
  const taken = await takeLock(lock, format.lock);
  if (taken.kind === 'refused') return { refused: 'locked', lock, cause: taken.cause };
  try {
    const reading = format.read(file);
    if (reading.problem !== undefined) return { refused: 'unreadable', reading };
    const next = change(reading.store);
    writeAtomically(file, format.serialize(next, file));
    format.afterWrite?.(next, file);
    return { store: next };
  } finally {
    if (taken.kind === 'owned') removeQuietly(lock);
  }
}

type TakenLock = { kind: 'owned' } | { kind: 'past-leftover' } | { kind: 'refused'; cause?: unknown };

async function takeLock(lock: string, policy: TrustStoreLock): Promise<TakenLock> {
  const deadline = Date.now() + policy.waitMs;
  for (;;) {
    try {
      const descriptor = openSync(lock, 'wx', 0o600);
      if (policy.kind === 'owner-pid') writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return { kind: 'owned' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return { kind: 'refused', cause: error };
    }
    if (policy.kind === 'owner-pid' && ownerIsGone(lock, policy.staleMs)) {
      removeQuietly(lock);
      continue;
    }
    if (policy.kind === 'leftover-file' && untouchedFor(lock, policy.leftoverMs))
      return { kind: 'past-leftover' };
    if (Date.now() > deadline) return { kind: 'refused' };
    // Jittered, so that waiting processes do not retry in lockstep.
    await sleep(10 + Math.floor(Math.random() * 30));
  }
}

/** True when the lock's process is gone, or the lock is older than any writer takes. */
function ownerIsGone(lock: string, staleMs: number): boolean {
  try {
    if (untouchedFor(lock, staleMs)) return true;
    const pid = Number(readFileSync(lock, 'utf8'));
    // The pid is written right after the file is created: an empty lock is one being taken.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function untouchedFor(file: string, milliseconds: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > milliseconds;
  } catch {
    return false;
  }
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  let descriptor: number | undefined;
  try {
    descriptor = openSync(temporary, 'w', 0o600);
    const bytes = Buffer.from(text);
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
    closeSync(descriptor);
    descriptor = undefined;
    renameSync(temporary, file);
  } catch (error) {
    if (descriptor !== undefined) closeSync(descriptor);
    removeQuietly(temporary);
    throw trustStoreWriteError(file, error);
  }
  syncDirectory(dirname(file));
}

/** The error of a store that could not be written: nothing was trusted, and the store is as it was. */
export function trustStoreWriteError(file: string, error: unknown): HookwireError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  return new HookwireError(
    'settings',
    `cannot write the trust store ${file} (${code}); nothing was trusted, and the store is as it was`,
    { cause: error },
  );
}

/** The rename is durable only once the directory is: best effort (some systems refuse to fsync one). */
function syncDirectory(directory: string): void {
  try {
    const descriptor = openSync(directory, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    // See above.
  }
}

/**
 * Creates the store's directory 0700. `private`: also refuses one that is not a directory (a symlink
 * included); one of another user, or that others can write, is refused when the store is read back.
 */
function prepareDirectory(directory: string, kind: TrustStoreFormat<unknown>['directory']): void {
  try {
    const created = mkdirSync(directory, { recursive: true, mode: 0o700 });
    if (kind === 'created') return;
    if (created !== undefined) chmodSync(directory, 0o700);
    if (!lstatSync(directory).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
  } catch (error) {
    throw trustStoreWriteError(directory, error);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
