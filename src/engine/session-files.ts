import {
  chmodSync,
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { lstatOwnDirectory, openOwnFile } from '../common/open-own-file.js';
import { sha256Hex } from '../common/sha256.js';

/** A session directory untouched for this long is removed by the next session start or end of any session. */
export const SESSION_FILES_STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a Stop count waits for another process's lock before it counts without it. */
const LOCK_WAIT_MS = 2000;
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 10_000;
const LOCK_RETRY_MS = 5;
/** Longer session ids are hashed, so that a directory name stays within NAME_MAX. */
const LONGEST_ENCODED_ID_BYTES = 150;
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/**
 * What the engine remembers per session, kept in files under `directory/sessions/<session>/`, so that engines
 * in several processes share it (`hookwire run` is one process per event): a `once` hook is claimed by
 * creating its marker file with O_EXCL, which exactly one process of any number racing can do; the
 * consecutive Stop blocks of a key are a count read and rewritten under a lock file, written whole and
 * renamed. Every directory is created 0700 and used only when it is a real directory (not a link) of this
 * user that nobody else may write; a file only when it is a regular file of this user.
 *
 * Failures never take a guard away: a `once` claim that cannot be recorded runs the hook (again), a Stop
 * count that cannot be kept lets the block stand (Claude Code's own cap still ends the turn).
 */
export class SessionFiles {
  constructor(readonly directory: string) {}

  /** True for exactly one caller per session and hook, across processes, until the session's files go. */
  claimOnce(sessionId: string, hookKey: string): boolean {
    try {
      const marker = join(this.sessionDirectory(sessionId, true), `once-${sha256(hookKey)}`);
      closeSync(openSync(marker, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EEXIST';
    }
  }

  /** As SessionState.countStopBlock, with the count in the session's files. */
  countStopBlock(sessionId: string, key: string, blocked: boolean, cap: number): boolean {
    let directory: string;
    try {
      directory = this.sessionDirectory(sessionId, blocked);
    } catch {
      return true;
    }
    const file = join(directory, `stop-${sha256(key)}`);
    if (!blocked) {
      removeQuietly(file);
      return true;
    }
    const release = lock(`${file}.lock`);
    try {
      const count = readCount(file) + 1;
      if (count > cap) {
        removeQuietly(file);
        return false;
      }
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, String(count), { mode: 0o600, flag: 'w' });
      renameSync(temporary, file);
      return true;
    } catch {
      return true;
    } finally {
      release();
    }
  }

  /** Removes a session's files (at its end event). */
  forget(sessionId: string): void {
    try {
      const directory = this.sessionDirectory(sessionId, false);
      rmSync(directory, { recursive: true, force: true });
    } catch {
      // None, or not ours to remove.
    }
  }

  /** Removes the session directories not modified for SESSION_FILES_STALE_AFTER_MS. */
  removeStale(now = Date.now()): void {
    const sessions = join(this.directory, 'sessions');
    let names: string[];
    try {
      checkPrivateDirectory(sessions);
      names = readdirSync(sessions);
    } catch {
      return;
    }
    for (const name of names) {
      const directory = join(sessions, name);
      try {
        const status = lstatSync(directory);
        if (status.isDirectory() && now - status.mtimeMs > SESSION_FILES_STALE_AFTER_MS) {
          rmSync(directory, { recursive: true, force: true });
        }
      } catch {
        // Removed meanwhile by another process.
      }
    }
  }

  /** The session's directory, checked (and with `create`, made): throws when it cannot be used. */
  private sessionDirectory(sessionId: string, create: boolean): string {
    const sessions = join(this.directory, 'sessions');
    const directory = join(sessions, sessionDirectoryName(sessionId));
    for (const path of [this.directory, sessions, directory]) {
      if (create && mkdirSync(path, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(path, 0o700);
      checkPrivateDirectory(path);
    }
    return directory;
  }
}

/** A session's directory name: its id in base64url (distinct ids never share one), or a SHA-256 of a long id. */
export function sessionDirectoryName(sessionId: string): string {
  const bytes = Buffer.from(sessionId, 'utf8');
  if (bytes.length <= LONGEST_ENCODED_ID_BYTES) return `s-${bytes.toString('base64url')}`;
  return `h-${sha256(sessionId)}`;
}

/** Throws unless `path` is a directory (not a link to one) of this user that group and others cannot write. */
export function checkPrivateDirectory(path: string): void {
  const { refusal } = lstatOwnDirectory(path);
  if (refusal === undefined) return;
  const { problem } = refusal;
  switch (problem.kind) {
    case 'missing':
    case 'unreadable':
      // The error itself, with its code: a missing directory is "none yet" to the callers that create it.
      throw problem.error;
    case 'symlink':
    case 'not-directory':
    case 'not-regular-file':
      throw new Error(`${path} is not a directory`);
    case 'other-owner':
      throw new Error(`${path} belongs to another user`);
    case 'writable-by-others':
      throw new Error(`${path} may be written by other users`);
  }
}

function sha256(text: string): string {
  return sha256Hex(text);
}

/**
 * The count in `file`, 0 when there is none; only a small regular file that only this user can have written
 * is read (openOwnFile). Anything else counts as none: the block then stands, never dropped by a planted count.
 */
function readCount(file: string): number {
  const opened = openOwnFile(file);
  if (opened.refusal !== undefined) return 0;
  try {
    const buffer = Buffer.alloc(16);
    const length = readSync(opened.descriptor, buffer, 0, buffer.length, 0);
    const count = Number(buffer.toString('utf8', 0, length));
    return Number.isInteger(count) && count > 0 ? count : 0;
  } finally {
    closeSync(opened.descriptor);
  }
}

/** Takes the lock file (O_EXCL), waiting for another holder up to LOCK_WAIT_MS; returns its release. */
function lock(file: string): () => void {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
      return () => removeQuietly(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return () => {};
    }
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS) removeQuietly(file);
    } catch {
      // Released meanwhile.
    }
    // Past the wait, count without the lock: a lost update only moves the cap by one.
    if (Date.now() > deadline) return () => {};
    Atomics.wait(SLEEPER, 0, 0, LOCK_RETRY_MS);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
