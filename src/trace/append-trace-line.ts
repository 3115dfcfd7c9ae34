import { closeSync, fchmodSync, fstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';

/** Where and how large trace files may grow (docs/traces.md, "Rotation"). */
export interface RotationLimits {
  /** A file reaching this size is rotated before the next line. */
  readonly maxBytes: number;
  /** Rotated files kept: `<file>.1` (the newest) to `<file>.<keep>`; 0 starts the file afresh. */
  readonly keep: number;
}

/**
 * Appends one line to `path` (created 0600) in a single write on a descriptor opened with O_APPEND: the
 * kernel places each write at the end atomically, so the lines of concurrent `hookwire run` processes of
 * one session never interleave. A file that would pass `maxBytes` is renamed to `<path>.1` first (the older
 * ones shift up): a process that opened it just before writes its line into `.1`, which loses nothing.
 * Throws the file system's error; the caller turns it into a warning.
 */
export function appendTraceLine(path: string, line: string, limits: RotationLimits): void {
  const bytes = Buffer.from(line);
  let descriptor = openSync(path, 'a', 0o600);
  try {
    const { size, mode } = fstatSync(descriptor);
    if (size > 0 && size + bytes.length > limits.maxBytes) {
      closeSync(descriptor);
      rotate(path, limits.keep);
      descriptor = openSync(path, 'a', 0o600);
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
