import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';

/** Where and how large trace files may grow (docs/traces.md, "Rotation"). */
export interface RotationLimits {
  /** A file reaching this size is rotated before the next line. */
  readonly maxBytes: number;
  /** Rotated files kept: `<file>.1` (the newest) to `<file>.<keep>`; 0 starts the file afresh. */
  readonly keep: number;
}

/*
 * A trace directory may be shared (`/tmp/traces`), so whoever else can write there may have planted the
 * session's file name first: a symbolic link to the victim's `~/.bashrc`, a hard link to it, a FIFO, a file
 * of their own. The file is opened without following a final symbolic link (O_NOFOLLOW: ELOOP) and without
 * blocking on a FIFO (O_NONBLOCK, no effect on a regular file), then checked through its descriptor, so
 * nothing can be swapped in between: it must be a regular file of this user with a single name. Anything
 * else is refused, never written to, never chmod-ed. O_NOFOLLOW is 0 where the platform has none (Windows).
 */
const OPEN_FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

/**
 * Appends one line to `path` (created 0600) in a single write on a descriptor opened with O_APPEND: the
 * kernel places each write at the end atomically, so the lines of concurrent `hookwire run` processes of
 * one session never interleave. A file that would pass `maxBytes` is renamed to `<path>.1` first (the older
 * ones shift up): a process that opened it just before writes its line into `.1`, which loses nothing.
 * Throws the file system's error, or one saying why the file is refused (a symbolic link, not a regular
 * file, another user's, more than one link); the caller turns it into a warning.
 */
export function appendTraceLine(path: string, line: string, limits: RotationLimits): void {
  const bytes = Buffer.from(line);
  let descriptor = openTraceFile(path);
  try {
    const { size, mode } = fstatSync(descriptor);
    if (size > 0 && size + bytes.length > limits.maxBytes) {
      closeSync(descriptor);
      // Renames move names, links included, and never write through them.
      rotate(path, limits.keep);
      descriptor = openTraceFile(path);
    } else if ((mode & 0o077) !== 0) {
      // A file made by someone else's umask or tool: traces hold hook output, so only the owner reads them.
      fchmodSync(descriptor, 0o600);
    }
    let written = writeSync(descriptor, bytes);
    // A regular file takes the whole write; a partial one (a full disk) is finished, never dropped silently.
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
  } finally {
    closeSync(descriptor);
  }
}

/** A descriptor on `path` that is this user's own regular file with one link, or a throw saying why not. */
function openTraceFile(path: string): number {
  let descriptor: number;
  try {
    descriptor = openSync(path, OPEN_FLAGS, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      throw new Error('it is a symbolic link, which a trace never follows (docs/traces.md)');
    // Opening a FIFO for writing without blocking fails when nothing reads it.
    if (code === 'ENXIO') throw new Error('it is not a regular file; it is not written to (docs/traces.md)');
    throw error;
  }
  const { isFile, uid, nlink } = fileFacts(descriptor);
  const refusal = !isFile
    ? 'it is not a regular file'
    : uid !== undefined && uid !== process.getuid?.()
      ? `it belongs to another user (uid ${uid})`
      : nlink > 1
        ? `it has ${nlink} hard links, so it may be another file's`
        : undefined;
  if (refusal === undefined) return descriptor;
  closeSync(descriptor);
  throw new Error(`${refusal}; it is not written to (docs/traces.md)`);
}

function fileFacts(descriptor: number): { isFile: boolean; uid: number | undefined; nlink: number } {
  const stats = fstatSync(descriptor);
  // Windows has no owners to compare: process.getuid is undefined there, and so is the check.
  return { isFile: stats.isFile(), uid: process.getuid ? stats.uid : undefined, nlink: stats.nlink };
}

function rotate(path: string, keep: number): void {
  for (let generation = keep - 1; generation >= 1; generation--) {
    try {
      renameSync(`${path}.${generation}`, `${path}.${generation + 1}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (keep >= 1) renameSync(path, `${path}.1`);
  else unlinkSync(path);
}
