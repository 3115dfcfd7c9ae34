import {
  appendFileSync,
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { openOwnFile } from '../../common/open-own-file.js';
import { checkPrivateDirectory } from '../session-files.js';
import type { Delivery as BackgroundDelivery } from '../session-state.js';

/** Session files untouched for this long are removed at the next SessionStart or SessionEnd of any session. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

const SESSION_FILE_EXTENSION = '.jsonl';
/** A session file being taken is renamed to `<name>.jsonl.taking-<pid>` first: only one reader gets it. */
const TAKING_MARK = '.taking-';
/** A session file larger than this is not read (results are small; this one is damaged or not ours). */
const LARGEST_SESSION_FILE_BYTES = 64 * 1024 * 1024;
/** Longer session ids are hashed, so that a file name stays within NAME_MAX. */
const LONGEST_ENCODED_ID_BYTES = 150;

/*
 * Every function takes the state directory (`stateDirectory(env)` of the event's environment): a daemon
 * answers events of many environments, and its own process.env is none of them.
 */

/**
 * Appends one background result to its session's file in `directory`, creating the directory (0700) and the
 * file (0600) when needed. One line per result, written with one O_APPEND write, so that results finishing
 * together do not interleave.
 */
export async function appendDelivery(
  directory: string,
  sessionId: string,
  delivery: BackgroundDelivery,
): Promise<void> {
  ensurePrivateDirectory(directory);
  const file = join(directory, await sessionFileName(sessionId));
  appendFileSync(file, `${JSON.stringify(delivery)}\n`, { mode: 0o600, flag: 'a' });
}

/** What `takeDeliveries` found: the results, and why a file or the directory was refused, if it was. */
export interface TakenDeliveries {
  readonly deliveries: BackgroundDelivery[];
  /** A located reason (the file or directory, and what is wrong with it); its content was not used. */
  readonly refused?: string;
}

/**
 * Takes the waiting results of a session, once: the file is renamed away (so that no other reader gets it,
 * and results finishing meanwhile start a new file), read, then removed. Lines that do not parse, or are not
 * a result's shape, are skipped. No state directory or no file is no results.
 *
 * What another user could have written is never believed: the directory must be the user's own, private
 * (not group- or other-writable) and not a link; the file a regular file of the user's, not group- or
 * other-writable, not a link, at most LARGEST_SESSION_FILE_BYTES. Anything else is refused with a reason
 * and removed unread (a FIFO or a link to /dev/zero would never end; a file others wrote could inject
 * context into the session).
 */
export async function takeDeliveries(directory: string, sessionId: string): Promise<TakenDeliveries> {
  try {
    checkPrivateDirectory(directory);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { deliveries: [] };
    return { deliveries: [], refused: `background results not read: ${(error as Error).message}` };
  }
  const file = join(directory, await sessionFileName(sessionId));
  const taking = `${file}${TAKING_MARK}${process.pid}`;
  try {
    renameSync(file, taking);
  } catch {
    return { deliveries: [] };
  }
  let read: { text: string } | { refused: string };
  try {
    read = readOwnFile(taking);
  } catch (error) {
    // An I/O error: its results are lost, never the event.
    read = { refused: (error as Error).message };
  } finally {
    removeQuietly(taking);
  }
  if ('refused' in read) {
    return { deliveries: [], refused: `background results in ${file} not read: ${read.refused}` };
  }
  const deliveries: BackgroundDelivery[] = [];
  for (const line of read.text.split('\n')) {
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A torn line (a disk that filled up mid-write) loses that result only.
      continue;
    }
    if (isDelivery(value)) deliveries.push(value);
  }
  return { deliveries };
}

/**
 * The text of `file` if it is a regular file only this user can have written (openOwnFile), of a bounded
 * size. An I/O error other than a refusal is thrown: the caller loses the results, never the event.
 */
function readOwnFile(file: string): { text: string } | { refused: string } {
  const opened = openOwnFile(file);
  if (opened.refusal !== undefined) {
    const { problem } = opened.refusal;
    switch (problem.kind) {
      case 'missing':
      case 'unreadable':
        throw problem.error;
      case 'symlink':
        return { refused: 'it is a symbolic link' };
      case 'not-regular-file':
      case 'not-directory':
        return { refused: 'it is not a regular file' };
      case 'other-owner':
        return { refused: 'it belongs to another user' };
      case 'writable-by-others':
        return { refused: 'it may be written by other users' };
    }
  }
  const { descriptor, status } = opened;
  try {
    if (status.size > LARGEST_SESSION_FILE_BYTES) {
      return { refused: `it is larger than ${LARGEST_SESSION_FILE_BYTES} bytes` };
    }
    // Read to the size fstat gave, at most: a file still growing is not followed past the bound.
    const buffer = Buffer.alloc(status.size);
    let length = 0;
    while (length < buffer.length) {
      const count = readSync(descriptor, buffer, length, buffer.length - length, length);
      if (count === 0) break;
      length += count;
    }
    return { text: buffer.toString('utf8', 0, length) };
  } finally {
    closeSync(descriptor);
  }
}

/** The shape `appendDelivery` writes; a line of another shape is skipped rather than merged. */
function isDelivery(value: unknown): value is BackgroundDelivery {
  if (typeof value !== 'object' || value === null) return false;
  const delivery = value as Record<string, unknown>;
  return (
    typeof delivery.event === 'string' &&
    typeof delivery.run === 'object' &&
    delivery.run !== null &&
    !Array.isArray(delivery.run) &&
    (delivery.additionalContext === undefined || typeof delivery.additionalContext === 'string') &&
    (delivery.systemMessage === undefined || typeof delivery.systemMessage === 'string')
  );
}

/** Removes a session's waiting results (at SessionEnd: nobody will take them). */
export async function forgetSession(directory: string, sessionId: string): Promise<void> {
  removeQuietly(join(directory, await sessionFileName(sessionId)));
}

/** Removes session files (and files left half-taken) not modified for `STALE_AFTER_MS`. */
export function removeStaleDeliveries(directory: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith(SESSION_FILE_EXTENSION) && !name.includes(TAKING_MARK)) continue;
    const file = join(directory, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_AFTER_MS) unlinkSync(file);
    } catch {
      // Taken or removed meanwhile by another hookwire run.
    }
  }
}

/**
 * The file name of a session: its id in base64url (letters, digits, `-`, `_`: no separator, no `..`, and
 * distinct ids never share a file), or, for ids too long for a file name, a SHA-256 of it.
 */
export async function sessionFileName(sessionId: string): Promise<string> {
  const bytes = Buffer.from(sessionId, 'utf8');
  if (bytes.length <= LONGEST_ENCODED_ID_BYTES) {
    return `s-${bytes.toString('base64url')}${SESSION_FILE_EXTENSION}`;
  }
  // node:crypto costs milliseconds to load; session ids are UUIDs, so this is the rare path.
  const { createHash } = await import('node:crypto');
  return `h-${createHash('sha256').update(bytes).digest('hex')}${SESSION_FILE_EXTENSION}`;
}

/**
 * Creates the directory private to the user, and refuses one that is not a directory or not the user's.
 * Its mode is not checked here, on purpose: this is the writer, and a directory others may write is refused
 * where it matters, by the reader (takeDeliveries), which then uses nothing in it.
 */
function ensurePrivateDirectory(directory: string): void {
  if (mkdirSync(directory, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(directory, 0o700);
  const status = lstatSync(directory);
  if (!status.isDirectory()) throw new Error(`${directory} is not a directory`);
  if (typeof process.getuid === 'function' && status.uid !== process.getuid()) {
    throw new Error(`${directory} belongs to another user`);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
