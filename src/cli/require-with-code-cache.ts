/*
 * Loading a CommonJS file with a V8 code cache, for the `hookwire` bin's `run` (spawned on every event).
 * Compiling the run bundle is the largest single cost of its start-up, and Node 20 has no compile cache of
 * its own (module.enableCompileCache is Node >= 22.1), so the bin keeps one: V8's cached data for the
 * bundle, taken after a run (so it holds the functions that run compiled, not only the top level), in a
 * directory of the user's own.
 *
 * V8 checks that cached data fits its own version and flags, but not that it fits the source (only the
 * source's length), so each cache file starts with a key line naming the file, its identity and change time
 * (device, inode, size, mtime and ctime in ns: the kernel sets ctime on every write, rename into place or
 * chmod, and no writer can set it back), Node's version and architecture and its flags, and is used only when
 * that line is the current one: a bundle replaced in place (even with the same size and mtime), or another
 * Node, never runs stale code, and a cache written for other source is not used for this one. A ctime is as
 * fine as the kernel's clock tick, so a cache is written only when the file's bytes, read again then, are
 * still those compiled and its ctime is older than any tick: a rewrite in the same tick as the last one is
 * caught by the bytes, a later one gets a later ctime. (No hash of the 500 KB bundle: node:crypto would cost
 * every `hookwire run` more than all of the rest of this file; docs/performance.md.)
 * A cache file is trusted only when it is a regular file (not a link, not a FIFO) that the current user owns
 * and nobody else may write. What it cannot stop: a process of the same user that writes a key line it
 * computed itself over foreign V8 data; that process could as well rewrite the bundle. Every failure here
 * (no home, a read-only disk, a rejected cache) falls back to compiling as `require` would.
 */
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/** A CommonJS module's exports, and a call that writes its code cache when there was none to use. */
export interface CachedModule {
  readonly exports: Record<string, unknown>;
  /** Whether V8 took the code from the cache (false: compiled from the source). */
  readonly fromCache: boolean;
  /** Writes the cache after the module has done its work; a no-op when a valid cache was used. */
  saveCache(): void;
}

const NO_CACHE_TO_SAVE = () => {};

/**
 * Loads the CommonJS `file` the way `require` does (the same wrapper, a `require` relative to the file,
 * dynamic `import()` through Node's own loader), compiled with the code cache found in `cacheDirectory`.
 * Without a directory, or when the cache cannot be used, the file is compiled without one.
 */
export function requireWithCodeCache(file: string, cacheDirectory: string | undefined): CachedModule {
  const compiled = cacheDirectory === undefined ? undefined : compileWithCache(file, cacheDirectory);
  if (compiled === undefined) {
    const exports = createRequire(file)(file) as Record<string, unknown>;
    return { exports, fromCache: false, saveCache: NO_CACHE_TO_SAVE };
  }
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = compiled.script.runInThisContext() as (...parameters: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, fromCache: compiled.fromCache, saveCache: compiled.saveCache };
}

/** The script compiled with the cache when it is valid, and how to write a fresh one when it was not. */
function compileWithCache(
  file: string,
  cacheDirectory: string,
): { script: Script; fromCache: boolean; saveCache(): void } | undefined {
  // Without Node's own loader for `import()` (Node < 20.12), a script could not load the model SDKs.
  const importModuleDynamically = vmConstants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (importModuleDynamically === undefined) return undefined;
  try {
    const { bytes, identity } = readWithIdentity(file);
    // Node's and V8's flags are part of the key too: V8 rejects data made under other flags, and a file shared
    // by two sets of flags (a NODE_OPTIONS in one terminal, none in the host) would be rewritten every time.
    const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
    const key = `${file} ${identity} ${process.version} ${process.arch} ${flags}`;
    const cacheFile = join(cacheDirectory, `${basename(file)}-${hashOf(key)}.v8`);
    const cached = readOwnCache(cacheFile, key);
    const source = bytes.toString('utf8').replace(/^#!/, '//');
    const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
      filename: file,
      importModuleDynamically,
      ...(cached ? { cachedData: cached } : {}),
    });
    if (cached !== undefined && !script.cachedDataRejected) {
      return { script, fromCache: true, saveCache: NO_CACHE_TO_SAVE };
    }
    return {
      script,
      fromCache: false,
      saveCache: () => {
        if (!unchangedSince(file, bytes, identity)) return;
        writeCache(cacheDirectory, cacheFile, key, script);
        removeCachesOfOtherBuilds(cacheDirectory, cacheFile, file, identity);
      },
    };
  } catch {
    return undefined;
  }
}

/** Coarser than any file system's timestamps (a kernel clock tick is 1-10 ms). */
const TIMESTAMP_TICK_MS = 50;

/** The file's bytes, and its identity and change time as read from the same descriptor after them. */
function readWithIdentity(file: string): { bytes: Buffer; identity: string; changedAtMs: number } {
  const descriptor = openSync(file, 'r');
  try {
    const bytes = readFileSync(descriptor);
    const status = fstatSync(descriptor, { bigint: true });
    const identity = `${status.dev}:${status.ino}:${status.size}:${status.mtimeNs}:${status.ctimeNs}`;
    return { bytes, identity, changedAtMs: Number(status.ctimeNs / 1_000_000n) };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Whether `file` still holds the bytes compiled, with the identity read then, and its ctime is older than a
 * timestamp tick: any later rewrite then gets a later ctime, which the key line catches.
 */
function unchangedSince(file: string, compiled: Buffer, identity: string): boolean {
  try {
    const now = readWithIdentity(file);
    return (
      now.identity === identity &&
      now.bytes.equals(compiled) &&
      Date.now() - now.changedAtMs > TIMESTAMP_TICK_MS
    );
  } catch {
    return false;
  }
}

/** The cached data under `cacheFile` when its key line is `key` and only this user can have written it. */
function readOwnCache(cacheFile: string, key: string): Buffer | undefined {
  return readOwnFile(cacheFile, (descriptor) => {
    const content = readFileSync(descriptor);
    const header = Buffer.from(`${key}\n`);
    if (!content.subarray(0, header.length).equals(header)) return undefined;
    return content.subarray(header.length);
  });
}

/**
 * `read` of the file at `path` when it is a regular file only this user can have written; undefined when it
 * is missing, a link (not followed), a FIFO (O_NONBLOCK: opening it does not wait for a writer) or another's.
 */
function readOwnFile<T>(path: string, read: (descriptor: number) => T | undefined): T | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const status = fstatSync(descriptor);
    if (!status.isFile() || !ownedByThisUser(status.uid, status.mode)) return undefined;
    return read(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Written whole under a temporary name, then renamed: concurrent runs never read half a cache. */
function writeCache(cacheDirectory: string, cacheFile: string, key: string, script: Script): void {
  try {
    mkdirSync(cacheDirectory, { recursive: true, mode: 0o700 });
    const directory = statSync(cacheDirectory);
    if (!ownedByThisUser(directory.uid, directory.mode)) return;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${key}\n`), script.createCachedData()]), {
      mode: 0o600,
    });
    renameSync(temporary, cacheFile);
  } catch {
    // A cache that cannot be written only means the next run compiles again.
  }
}

/** The identity field of a key line: device, inode, size, mtime and ctime (readWithIdentity). */
const IDENTITY = /^(\d+:\d+:\d+:\d+:\d+) /;
/** More than any key line: a path, an identity, a version, an architecture and Node's flags. */
const KEY_LINE_MAX = 16_384;

/**
 * Deletes the caches of this same file's earlier builds (its key line names the file with another identity):
 * each build of the bundle gets a cache file of its own name, and without this every upgrade or rebuild
 * would leave one behind, never read again. Caches of other files, and of this build under other Node
 * versions or flags (the same identity), stay. Runs only when a cache was written, so not on a warm run.
 */
function removeCachesOfOtherBuilds(
  cacheDirectory: string,
  cacheFile: string,
  file: string,
  identity: string,
): void {
  try {
    const prefix = `${file} `;
    for (const name of readdirSync(cacheDirectory)) {
      const path = join(cacheDirectory, name);
      if (path === cacheFile || !name.endsWith('.v8')) continue;
      const other = keyLineOf(path);
      if (other === undefined || !other.startsWith(prefix)) continue;
      const otherIdentity = IDENTITY.exec(other.slice(prefix.length))?.[1];
      if (otherIdentity !== undefined && otherIdentity !== identity) rmSync(path, { force: true });
    }
  } catch {
    // Left for the next write: a stale cache is never used, only kept.
  }
}

/** The first line of a cache file of this user's own (as readOwnFile believes one), or undefined. */
function keyLineOf(path: string): string | undefined {
  return readOwnFile(path, (descriptor) => {
    const head = Buffer.alloc(KEY_LINE_MAX);
    const length = readSync(descriptor, head, 0, KEY_LINE_MAX, 0);
    const text = head.subarray(0, length).toString('utf8');
    const end = text.indexOf('\n');
    return end === -1 ? undefined : text.slice(0, end);
  });
}

/** Owned by the current user and not writable by group or others (always true where there are no uids). */
function ownedByThisUser(uid: number, mode: number): boolean {
  if (process.getuid === undefined) return true;
  return uid === process.getuid() && (mode & 0o022) === 0;
}

/** FNV-1a of a short string, in hex: a file name per bundle and Node, not a check of content. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The user's cache directory for hookwire: `$XDG_CACHE_HOME/hookwire` or `~/.cache/hookwire`,
 * `~/Library/Caches/hookwire` on macOS, `%LOCALAPPDATA%\hookwire\cache` on Windows. Undefined (no cache)
 * when NODE_DISABLE_COMPILE_CACHE is set, as Node's own compile cache does, or when there is no home.
 */
export function codeCacheDirectory(environment: NodeJS.ProcessEnv = process.env): string | undefined {
  if (environment.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.platform === 'win32') {
    return environment.LOCALAPPDATA ? join(environment.LOCALAPPDATA, 'hookwire', 'cache') : undefined;
  }
  const home = environment.HOME;
  if (process.platform === 'darwin') return home ? join(home, 'Library', 'Caches', 'hookwire') : undefined;
  if (environment.XDG_CACHE_HOME?.startsWith('/')) return join(environment.XDG_CACHE_HOME, 'hookwire');
  return home ? join(home, '.cache', 'hookwire') : undefined;
}
