import {
  appendFileSync,
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import type { BackgroundDelivery } from '../../engine/engine.js';

// Moved to the settings layer, where the trust store needs it too; kept exported here for existing importers.
export { STATE_DIRECTORY_VARIABLE, stateDirectory } from '../../settings/state-directory.js';

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

/**
 * Takes the waiting results of a session, once: the file is renamed away (so that no other reader gets it,
 * and results finishing meanwhile start a new file), read, then removed. Lines that do not parse are
 * skipped. No file, or a state directory that cannot be read, is no results.
 */
export async function takeDeliveries(directory: string, sessionId: string): Promise<BackgroundDelivery[]> {
  const file = join(directory, await sessionFileName(sessionId));
  const taking = `${file}${TAKING_MARK}${process.pid}`;
  try {
    renameSync(file, taking);
  } catch {
    return [];
  }
  let text = '';
  try {
    // Only a regular file of a sane size is read: a link to a device (/dev/zero) would never end.
    const status = lstatSync(taking);
    if (status.isFile() && status.size <= LARGEST_SESSION_FILE_BYTES) text = readFileSync(taking, 'utf8');
  } catch {
    // Unreadable (an I/O error): its results are lost, never the event.
  } finally {
    removeQuietly(taking);
  }
  const deliveries: BackgroundDelivery[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      deliveries.push(JSON.parse(line) as BackgroundDelivery);
    } catch {
      // A torn line (a disk that filled up mid-write) loses that result only.
    }
  }
  return deliveries;
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

/** Creates the directory private to the user, and refuses one that is not a directory or not the user's. */
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
