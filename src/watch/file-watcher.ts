import { type FSWatcher, watch as fsWatch, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Logger } from '../common/logger.js';

/** What happened to a watched file, in FileChanged's words. */
export type FileChangeKind = 'change' | 'add' | 'unlink';

/** How a file watcher reports and how far it goes. */
export interface FileWatcherOptions {
  /** Called once per settled change of a watched file (after `debounceMs` without another event for it). */
  readonly onChange: (filePath: string, kind: FileChangeKind) => void;
  /** Quiet time per file before its change is reported, ms. Default 100: an editor's save is several events. */
  readonly debounceMs?: number;
  /** The most paths watched at once; further ones are dropped with a warning. Default 100. */
  readonly maxPaths?: number;
  /** Relative paths are resolved against this. Default: process.cwd(). */
  readonly cwd?: string;
  /** Warnings: paths dropped or unwatchable, watchers that failed. */
  readonly logger?: Logger;
}

/** A watch list that can be replaced, until closed. */
export interface FileWatcher {
  /** The absolute paths watched now. */
  readonly paths: readonly string[];
  /** Replaces the watch list (Claude Code's `watchPaths` replace, never add to, the list). */
  setPaths(paths: readonly string[]): void;
  /** Stops watching and drops pending changes. Idempotent. */
  close(): void;
}

export const DEFAULT_DEBOUNCE_MS = 100;
export const DEFAULT_MAX_PATHS = 100;

/**
 * Watches files and directories with `node:fs.watch` (chosen over chokidar on the figures of
 * bench/file-watcher-choice.ts, docs/host-helpers.md): a directory recursively where the platform allows
 * (Linux, macOS, Windows on Node 20), a file through its parent directory, so that a file replaced by an
 * editor's rename, created later or deleted is still seen. Each path's events are debounced, then the path
 * is looked at: there now and known before is `change`, newly there is `add`, gone is `unlink`.
 */
export function createFileWatcher(options: FileWatcherOptions): FileWatcher {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxPaths = options.maxPaths ?? DEFAULT_MAX_PATHS;
  const cwd = options.cwd ?? process.cwd();
  const logger = options.logger;
  let watched: string[] = [];
  let watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  /** Paths whose pending events include a `rename` (created, deleted or replaced). */
  const renamed = new Set<string>();
  /** Whether each path seen so far existed when last looked at. */
  const existed = new Map<string, boolean>();
  let closed = false;

  function settle(path: string): void {
    timers.delete(path);
    const wasRenamed = renamed.delete(path);
    if (closed) return;
    const exists = existsNow(path);
    const known = existed.get(path);
    existed.set(path, exists);
    let kind: FileChangeKind;
    if (!exists) {
      if (known === false) return;
      kind = 'unlink';
    } else if (known === undefined) {
      // A file inside a watched directory, not looked at before its first event: the event's type says.
      kind = wasRenamed ? 'add' : 'change';
    } else {
      kind = known ? 'change' : 'add';
    }
    options.onChange(path, kind);
  }

  function schedule(path: string, type: string): void {
    if (type === 'rename') renamed.add(path);
    const timer = timers.get(path);
    if (timer !== undefined) timer.refresh();
    else
      timers.set(
        path,
        setTimeout(() => settle(path), debounceMs),
      );
  }

  /** Watches `directory`; `only` keeps the events of those basenames (files watched through their parent). */
  function watchDirectory(
    directory: string,
    recursive: boolean,
    only: ReadonlySet<string> | undefined,
  ): void {
    let watcher: FSWatcher;
    try {
      watcher = fsWatch(directory, { recursive }, (type, name) => {
        if (name === null) return;
        const relative = name.toString();
        if (only !== undefined && !only.has(relative)) return;
        schedule(join(directory, relative), type);
      });
    } catch (cause) {
      if (recursive && (cause as NodeJS.ErrnoException).code === 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM') {
        logger?.warn(
          `${directory}: this platform cannot watch a directory recursively; watching its top level`,
        );
        watchDirectory(directory, false, only);
        return;
      }
      logger?.warn(`${directory}: cannot watch: ${messageOf(cause)}`);
      return;
    }
    watcher.on('error', (cause) => {
      logger?.warn(`${directory}: watching stopped: ${messageOf(cause)}`);
      watcher.close();
    });
    watchers.push(watcher);
  }

  function setPaths(paths: readonly string[]): void {
    if (closed) return;
    const unique = [...new Set(paths.map((path) => resolve(cwd, path)))];
    if (unique.length > maxPaths) {
      logger?.warn(
        `watchPaths: ${unique.length} paths given, watching the first ${maxPaths} (maxPaths); dropped: ${unique.slice(maxPaths).join(', ')}`,
      );
    }
    const kept = unique.slice(0, maxPaths);
    for (const watcher of watchers) watcher.close();
    watchers = [];
    watched = kept;
    const filesByDirectory = new Map<string, Set<string>>();
    for (const path of kept) {
      const isDirectory = directoryNow(path);
      existed.set(path, isDirectory || existsNow(path));
      if (isDirectory) {
        watchDirectory(path, true, undefined);
        continue;
      }
      const parent = dirname(path);
      const names = filesByDirectory.get(parent) ?? new Set<string>();
      names.add(basename(path));
      filesByDirectory.set(parent, names);
    }
    for (const [directory, names] of filesByDirectory) watchDirectory(directory, false, names);
  }

  return {
    get paths() {
      return watched;
    },
    setPaths,
    close() {
      closed = true;
      for (const watcher of watchers) watcher.close();
      watchers = [];
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      renamed.clear();
    },
  };
}

function existsNow(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false }) !== undefined;
}

function directoryNow(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
