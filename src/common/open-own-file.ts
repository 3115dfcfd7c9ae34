import { closeSync, constants, fstatSync, lstatSync, openSync, type Stats } from 'node:fs';

/*
 * "A file only this user can have written": the one check behind every file hookwire believes because of
 * who wrote it (the trust store and the trusted bytes beside it, the background results, the session files;
 * the bin's V8 code cache has its own copy, src/cli/require-with-code-cache.ts, which imports only Node's
 * modules). A file is opened without following a link (O_NOFOLLOW) and without waiting for a FIFO's writer
 * (O_NONBLOCK), and judged on the opened descriptor (fstat), so that a swap between a check and the read
 * cannot pass a check; a directory, which is not read, is judged by lstat. Either must be of the kind
 * expected, owned by this user, and writable by neither group nor others. Where there are no uids (Windows:
 * no process.getuid), owner and mode are not checked: there the ACLs are the user's business.
 * The property, over every caller: docs/trust.md, "Files only this user can have written".
 */

/** What is wrong with a path, as facts: each caller words it for its own users. */
export type OwnPathProblem =
  /** ENOENT, or ENOTDIR (a component of the path is a file): there is nothing there. */
  | { readonly kind: 'missing'; readonly error: NodeJS.ErrnoException }
  /** Any other error of the open, fstat or lstat (EACCES, EIO, ...). */
  | { readonly kind: 'unreadable'; readonly error: NodeJS.ErrnoException }
  /** A symbolic link where the path ends: never followed. */
  | { readonly kind: 'symlink' }
  /** A FIFO, a socket, a device or a directory where a regular file is expected. */
  | { readonly kind: 'not-regular-file' }
  /** Anything but a directory (a symbolic link apart) where a directory is expected. */
  | { readonly kind: 'not-directory' }
  | { readonly kind: 'other-owner'; readonly uid: number }
  /** Its mode lets group or others write it (`mode`: the permission bits). */
  | { readonly kind: 'writable-by-others'; readonly mode: number };

/** A located reason: the path and what is wrong with it. */
export interface OwnPathRefusal {
  readonly path: string;
  readonly problem: OwnPathProblem;
}

/** An opened file of this user's (the caller closes `descriptor`), or why it is not one. */
export type OwnFileOpening =
  | { readonly descriptor: number; readonly status: Stats; readonly refusal?: undefined }
  | { readonly refusal: OwnPathRefusal };

/** A directory of this user's, as lstat saw it, or why it is not one. */
export type OwnDirectoryStatus =
  | { readonly status: Stats; readonly refusal?: undefined }
  | { readonly refusal: OwnPathRefusal };

/**
 * Opens `path` read-only when it is a regular file only this user can have written: not a link (not
 * followed), not a FIFO (not waited on) nor any other kind of file, owned by this user, writable by neither
 * group nor others. On success the descriptor is open and the caller closes it; on a refusal it is closed.
 */
export function openOwnFile(path: string): OwnFileOpening {
  let descriptor: number;
  try {
    descriptor = openSync(
      path,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
  } catch (error) {
    return { refusal: { path, problem: openProblem(error as NodeJS.ErrnoException) } };
  }
  try {
    const status = fstatSync(descriptor);
    const problem = status.isFile() ? ownershipProblem(status) : ({ kind: 'not-regular-file' } as const);
    if (problem === undefined) return { descriptor, status };
    closeSync(descriptor);
    return { refusal: { path, problem } };
  } catch (error) {
    closeSync(descriptor);
    return { refusal: { path, problem: { kind: 'unreadable', error: error as NodeJS.ErrnoException } } };
  }
}

/**
 * `path` when it is a directory (not a link to one) only this user can write into: owned by this user,
 * writable by neither group nor others. Checked with lstat: a directory is not opened.
 */
export function lstatOwnDirectory(path: string): OwnDirectoryStatus {
  let status: Stats;
  try {
    status = lstatSync(path);
  } catch (error) {
    return { refusal: { path, problem: openProblem(error as NodeJS.ErrnoException) } };
  }
  const problem = status.isSymbolicLink()
    ? ({ kind: 'symlink' } as const)
    : status.isDirectory()
      ? ownershipProblem(status)
      : ({ kind: 'not-directory' } as const);
  return problem === undefined ? { status } : { refusal: { path, problem } };
}

function openProblem(error: NodeJS.ErrnoException): OwnPathProblem {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return { kind: 'missing', error };
  // O_NOFOLLOW fails with ELOOP when the path's last component is a link.
  if (error.code === 'ELOOP') return { kind: 'symlink' };
  return { kind: 'unreadable', error };
}

/** Owner, then mode: another user's file is named as such even when it is also writable by others. */
function ownershipProblem(status: Stats): OwnPathProblem | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  if (status.uid !== process.getuid()) return { kind: 'other-owner', uid: status.uid };
  if ((status.mode & 0o022) !== 0) return { kind: 'writable-by-others', mode: status.mode & 0o777 };
  return undefined;
}
