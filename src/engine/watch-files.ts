import { isAbsolute, resolve } from 'node:path';
import type { Logger } from '../common/logger.js';
import type { FirePayload } from '../events/hook-io.js';
import type { Outcome } from '../outcome/outcome.js';
import { createFileWatcher, type FileWatcher } from '../watch/file-watcher.js';

/** Options of `engine.watchFiles`. */
export interface WatchFilesOptions {
  /** The session whose watch list this is, and whose FileChanged events it fires. Default: the engine's. */
  readonly sessionId?: string;
  /** The session's directory: the payloads' `cwd`, against which relative paths resolve. Default: the engine's. */
  readonly cwd?: string;
  /** The list to start with; the session's SessionStart, CwdChanged and FileChanged outcomes replace it. */
  readonly paths?: readonly string[];
  /** Quiet time per file before FileChanged fires, ms. Default 100. */
  readonly debounceMs?: number;
  /** The most paths watched at once; further ones are dropped with a warning through the logger. Default 100. */
  readonly maxPaths?: number;
  /** Receives the outcome of every FileChanged the watcher fires (what the host does with it is its own). */
  readonly onOutcome?: (outcome: Outcome) => void;
}

/** One session's watcher as the engine keeps it. */
export interface SessionWatcher {
  readonly sessionId: string;
  readonly cwd: string;
  readonly watcher: FileWatcher;
}

/**
 * A watcher that fires FileChanged (`file_path`, `event`) on the engine for each settled change, until
 * closed. `fire` is the engine's own; a firing that rejects (the engine was closed) is reported, not thrown.
 */
export function createSessionWatcher(
  options: WatchFilesOptions & { readonly sessionId: string; readonly cwd: string },
  fire: (payload: FirePayload<'FileChanged'>) => Promise<Outcome>,
  logger: Logger | undefined,
): SessionWatcher {
  const { sessionId, cwd } = options;
  const watcher = createFileWatcher({
    cwd,
    ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
    ...(options.maxPaths === undefined ? {} : { maxPaths: options.maxPaths }),
    ...(logger === undefined ? {} : { logger }),
    onChange: (filePath, kind) => {
      fire({ session_id: sessionId, cwd, file_path: filePath, event: kind }).then(
        (outcome) => options.onOutcome?.(outcome),
        (error: unknown) =>
          logger?.warn(
            `FileChanged for ${filePath}: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    },
  });
  if (options.paths !== undefined) watcher.setPaths(options.paths);
  return { sessionId, cwd, watcher };
}

/**
 * The watch list an outcome gives, or undefined when it gives none: `watchPaths` (merged as a union over the
 * firing's hooks) replaces the list; paths are resolved against the firing's cwd.
 */
export function watchPathsOf(outcome: Outcome, cwd: string): string[] | undefined {
  const paths = outcome.hookSpecificOutput.watchPaths;
  if (!Array.isArray(paths)) return undefined;
  return paths
    .filter((path): path is string => typeof path === 'string')
    .map((path) => (isAbsolute(path) ? path : resolve(cwd, path)));
}
