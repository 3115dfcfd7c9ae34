import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isFile } from '../../common/path-kind.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import { HOOK_EVENT_NAMES, type HookEvent } from './hook-events.js';
import { type HookGroup, type HooksConfig, readHooksDocument } from './hooks-document.js';
import { migrateLegacyHooks } from './migrate-legacy-hooks.js';
import { canonicalPythonJson, parsePythonJson, pythonJsonError, pythonUtf8Error } from './python-json.js';

/*
 * Loading Hooks v2 (upstream `loading.py`, `runtime.py`): every source's document is read and validated, and
 * the groups are concatenated per event in the sources' order, which the caller gives as upstream's:
 * project (only once the workspace is trusted), then user, then plugins. A missing file is no diagnostic; two
 * sources resolving to the same file are read once. The result is frozen for the session under a snapshot
 * id, the SHA-256 of its canonical JSON form.
 */

/** One place a hooks document comes from. */
export interface HookSource {
  /** What `sources` lists for it: `user`, `project`, a plugin's name, or the file's resolved path. */
  readonly label: string;
  readonly scope: 'project' | 'user' | 'plugin';
  readonly path: string;
  /** An inline document (a plugin manifest's `hooks` object) instead of the file's contents. */
  readonly inline?: unknown;
  /** A plugin's id (`name@marketplace`) and root directory, for its handlers' variables. */
  readonly plugin?: { readonly id: string; readonly root: string };
}

/** A loaded configuration. */
export interface LoadedHooks {
  readonly config: HooksConfig;
  /** The sources that contributed (in order). */
  readonly sources: readonly string[];
  /** Each group's scope, per event, in the config's order. */
  readonly scopes: Partial<Record<HookEvent, readonly HookSource['scope'][]>>;
  /** Each group's source, per event, in the config's order. */
  readonly origins: Partial<Record<HookEvent, readonly HookSource[]>>;
  readonly diagnostics: readonly HookDiagnostic[];
  readonly snapshotId: string;
  /** SHA-256 of the exact bytes read from the project source, when one was loaded (trust binds to them). */
  readonly projectDigest?: string;
}

/** Reads and merges `sources` in order. Never throws: unreadable or invalid documents are diagnostics. */
export function loadHooks(sources: readonly HookSource[]): LoadedHooks {
  const diagnostics: HookDiagnostic[] = [];
  const merged: Partial<Record<HookEvent, HookGroup[]>> = {};
  const scopes: Partial<Record<HookEvent, HookSource['scope'][]>> = {};
  const origins: Partial<Record<HookEvent, HookSource[]>> = {};
  const loaded: string[] = [];
  const seen = new Set<string>();
  let projectDigest: string | undefined;
  for (const source of sources) {
    const path = resolve(source.path);
    if (source.inline === undefined) {
      if (seen.has(path)) continue;
      seen.add(path);
    }
    let root: unknown = source.inline;
    if (root === undefined) {
      // As upstream: what is not a file is no source (a missing file, a directory: no diagnostic).
      if (!isFile(path)) continue;
      const read = readDocument(path);
      if ('problem' in read) {
        diagnostics.push(readFailed(path, read.problem));
        continue;
      }
      root = read.root;
      if (source.scope === 'project') projectDigest = read.digest;
    }
    const reading = readHooksDocument(root, path);
    let config: HooksConfig;
    if (reading.kind === 'invalid') {
      diagnostics.push(...reading.diagnostics);
      continue;
    }
    if (reading.kind === 'legacy') {
      const migration = migrateLegacyHooks(reading.entries, path);
      diagnostics.push(...migration.diagnostics);
      config = migration.config;
    } else {
      diagnostics.push(...reading.diagnostics);
      config = reading.config;
      // A document that validated to nothing because of its errors contributed nothing.
      if (reading.diagnostics.length > 0 && Object.keys(config.hooks).length === 0) continue;
    }
    loaded.push(source.label);
    for (const [event, groups] of Object.entries(config.hooks) as [HookEvent, readonly HookGroup[]][]) {
      const into = merged[event] ?? [];
      into.push(...groups);
      merged[event] = into;
      const scopeList = scopes[event] ?? [];
      scopeList.push(...groups.map(() => source.scope));
      scopes[event] = scopeList;
      origins[event] = [...(origins[event] ?? []), ...groups.map(() => source)];
    }
  }
  const ordered: Partial<Record<HookEvent, HookGroup[]>> = {};
  for (const event of Object.keys(merged) as HookEvent[]) ordered[event] = merged[event] as HookGroup[];
  const config: HooksConfig = { hooks: ordered };
  return {
    config,
    sources: loaded,
    scopes,
    origins,
    diagnostics,
    snapshotId: snapshotIdOf(config),
    ...(projectDigest === undefined || !loaded.includes('project') ? {} : { projectDigest }),
  };
}

/** SHA-256 of the canonical JSON form (sorted keys, Python's float repr, ASCII). */
export function snapshotIdOf(config: HooksConfig): string {
  return createHash('sha256').update(canonicalPythonJson(config)).digest('hex');
}

function readFailed(path: string, detail: string): HookDiagnostic {
  return warning('config_read_failed', `Failed to read hooks config at ${path}: ${detail}`, { field: path });
}

/** The parsed document at `path`, or Python's text for why it cannot be read (`[Errno 13] ...`, the codec's, the scanner's). */
function readDocument(path: string): { root: unknown; digest: string } | { problem: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const errno = code === 'EACCES' ? '[Errno 13] Permission denied' : `[Errno ${code}]`;
    return { problem: `${errno}: '${path}'` };
  }
  const notUtf8 = pythonUtf8Error(bytes);
  if (notUtf8 !== null) return { problem: notUtf8 };
  const text = bytes.toString('utf8');
  const notJson = pythonJsonError(text);
  if (notJson !== null) return { problem: notJson };
  return { root: parsePythonJson(text), digest: createHash('sha256').update(bytes).digest('hex') };
}

/** The events in upstream's order that `config` names. */
export function configuredEventsIn(events: Iterable<HookEvent>): HookEvent[] {
  const set = new Set(events);
  return HOOK_EVENT_NAMES.filter((event) => set.has(event));
}
