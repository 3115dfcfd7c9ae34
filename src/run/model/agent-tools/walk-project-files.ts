import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { toPosix } from './resolve-project-path.js';

/** Directories a search never enters: large, generated, and not what a hook is asked about. */
const SKIPPED_DIRECTORIES = new Set(['.git', 'node_modules']);

/** Upper bound on files visited by one Grep or Glob, so a huge tree cannot eat the hook's time. */
export const MAX_FILES_VISITED = 20_000;

/** One regular file found by a walk. */
export interface WalkedFile {
  readonly absolute: string;
  /** Relative to the project root, with forward slashes. */
  readonly relative: string;
}

/**
 * Yields regular files under `start` in a stable (sorted) order. Symlinks are never followed, so a walk
 * cannot leave the project; `.git` and `node_modules` are skipped. Stops when the signal aborts or after
 * MAX_FILES_VISITED files; `limited` on the returned state says whether that happened.
 */
export async function* walkProjectFiles(
  projectRoot: string,
  start: string,
  signal: AbortSignal,
  state: { limited: boolean },
): AsyncGenerator<WalkedFile> {
  let visited = 0;
  const pending = [start];
  while (pending.length > 0) {
    const directory = pending.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (signal.aborted) return;
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(absolute);
      } else if (entry.isFile()) {
        visited += 1;
        if (visited > MAX_FILES_VISITED) {
          state.limited = true;
          return;
        }
        yield { absolute, relative: toPosix(path.relative(projectRoot, absolute)) };
      }
    }
  }
}
