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
import {
  readTrustStore,
  TRUST_STORE_MAX_BYTES,
  type TrustStore,
  type TrustStoreReading,
} from './trust-store.js';
import { pruneTrustedBytes } from './trusted-bytes.js';

/** How long `trust` waits for another `trust` holding the lock before giving up. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this is left over from a crashed process, whatever its pid says. */
const STALE_LOCK_MS = 60_000;

/**
 * Changes the trust store: under a lock file (created with O_EXCL, so that concurrent `hookwire trust` calls
 * take turns), re-reads the store, applies `change`, and writes the result atomically (a 0600 temp file,
 * fsync, rename, fsync of the directory): a reader sees the old store or the new one, never half of one.
 * A store that cannot be read is refused, not overwritten: it may hold the user's other approvals. The
 * trusted bytes kept beside it that no entry names any more are removed (trusted-bytes.ts).
 */
export async function updateTrustStore(
  storeFile: string,
  change: (store: TrustStore) => TrustStore,
): Promise<TrustStore> {
  ensurePrivateDirectory(dirname(storeFile));
  const lock = `${storeFile}.lock`;
  await acquireLock(lock);
  try {
    const reading = readTrustStore(storeFile);
    if (reading.problem !== undefined) throw unreadableStoreError(storeFile, reading);
    const next = change(reading.store);
    const text = `${JSON.stringify(next, null, 2)}\n`;
    // `hookwire run` refuses a larger store, which would un-trust every project at once.
    if (Buffer.byteLength(text) > TRUST_STORE_MAX_BYTES) {
      throw new HookwireError(
        'settings',
        `the trust store ${storeFile} would grow past ${TRUST_STORE_MAX_BYTES} bytes; nothing was trusted: revoke projects you no longer use (\`hookwire trust --revoke --project DIR\`)`,
      );
    }
    writeAtomically(storeFile, text);
    pruneTrustedBytes(storeFile, new Set(Object.values(next.files).map((entry) => entry.sha256)));
    return next;
  } finally {
    removeQuietly(lock);
  }
}

/** The error for a store that cannot be read: it names the file and the way out. */
export function unreadableStoreError(
  storeFile: string,
  reading: Extract<TrustStoreReading, { problem: string }>,
): HookwireError {
  const fix =
    reading.fix === undefined
      ? `Move it aside (\`mv ${storeFile} ${storeFile}.broken\`) and trust your projects again`
      : `To fix it: ${reading.fix}`;
  return new HookwireError(
    'settings',
    `the trust store ${storeFile} ${reading.problem}; until it is fixed no project hooks are trusted. ${fix}`,
  );
}

async function acquireLock(lock: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const descriptor = openSync(lock, 'wx', 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw storeWriteError(lock, error);
    }
    if (isStale(lock)) {
      removeQuietly(lock);
      continue;
    }
    if (Date.now() > deadline) {
      throw new HookwireError(
        'settings',
        `another hookwire trust holds ${lock}; if none is running, remove that file and try again`,
      );
    }
    // Jittered, so that waiting processes do not retry in lockstep.
    await sleep(10 + Math.floor(Math.random() * 30));
  }
}

/** True when the lock's process is gone, or the lock is older than any `trust` takes. */
function isStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(lock, 'utf8'));
    // The pid is written right after the file is created: an empty lock is one being taken.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
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
    throw storeWriteError(file, error);
  }
  syncDirectory(dirname(file));
}

function storeWriteError(file: string, error: unknown): HookwireError {
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
 * Creates the state directory private to the user (0700); refuses one that is not a directory (a symlink
 * included). One of another user, or that others can write, is refused when the store is read back.
 */
function ensurePrivateDirectory(directory: string): void {
  try {
    if (mkdirSync(directory, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(directory, 0o700);
    if (!lstatSync(directory).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
  } catch (error) {
    throw storeWriteError(directory, error);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
