import { dirname } from 'node:path';
import { isInsideDirectory } from '../common/is-inside-directory.js';
import type { ConfiguredHook, SourceLevel } from './configured-hook.js';
import type { PluginOrigin } from './plugin-origin.js';
import { readSettingsText } from './read-settings-source.js';
import { realPathOf, trustedForProject, type UntrustedReason } from './trust-check.js';
import type { TrustEntry, TrustStoreReading } from './trust-store.js';

/*
 * The trusted set of a project is every byte that decides what runs on its events: its hooks files, the
 * plugin manifests that name hooks files, the MCP files whose servers mcp_tool hooks start. A file of the set
 * that changes is caught when it is read (its hash); one that is gone (deleted, or no longer named by what
 * named it) is not read at all, so the store's entries bound to the project are what tell: a trusted file of
 * the set that is gone is a trust change, and its hooks, as the store recorded them, fail closed until the
 * user reviews (docs/trust.md, "The trusted set").
 */

/** The store's entry for `file` trusted for the project (its real path); undefined when there is none. */
export function entryForProject(
  reading: TrustStoreReading,
  file: string,
  projectDir: string,
): TrustEntry | undefined {
  if (reading.store === undefined) return undefined;
  const real = realPathOf(file);
  const entry = reading.store.files[file] ?? reading.store.files[real];
  if (entry === undefined) return undefined;
  return trustedForProject(entry, entry.realpath, realPathOf(projectDir)) ? entry : undefined;
}

/** The reason for a trusted file of the set that is gone. */
export function goneReason(entry: TrustEntry, why: string): UntrustedReason {
  return { kind: 'gone', trustedAt: entry.trustedAt, why };
}

/**
 * The hooks a gone file held, as the store recorded them when it was trusted: enough to select the events
 * they would have run on (event, matcher, `if`), so that those block and no other. A summary that cannot be
 * read gives a problem instead, which blocks every event that can block.
 */
export function hooksOfEntry(
  entry: TrustEntry,
  origin: { file: string; level: SourceLevel; plugin?: PluginOrigin | undefined },
  nextDefinitionId: () => string,
): { hooks: readonly ConfiguredHook[]; problems: ReturnType<typeof readSettingsText>['diagnostics'] } {
  const events: Record<string, unknown[]> = {};
  for (const hook of entry.hooks) {
    let handler: unknown;
    try {
      handler = JSON.parse(hook.handler);
    } catch {
      handler = undefined;
    }
    const definition = {
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      hooks: [handler],
    };
    events[hook.event] = [...(events[hook.event] ?? []), definition];
  }
  const reading = readSettingsText(
    JSON.stringify({ hooks: events }),
    { ...origin, hasPositions: false },
    nextDefinitionId,
    { deepAgentsSeverity: 'error' },
  );
  return {
    hooks: reading.hooks,
    problems: reading.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
  };
}

/**
 * The files trusted for the project that lie in a plugin directory loaded now and were not read by this
 * loading (besides `except`, the plugin's MCP files, which the MCP table reads): hooks files the manifest no
 * longer names, or deleted.
 */
export function goneFromPlugins(
  reading: TrustStoreReading,
  roots: readonly string[],
  read: ReadonlySet<string>,
  except: ReadonlySet<string>,
  projectDir: string,
): Array<{ file: string; entry: TrustEntry; root: string }> {
  if (reading.store === undefined || roots.length === 0) return [];
  const project = realPathOf(projectDir);
  const readReal = new Set([...read].map(realPathOf));
  const exceptReal = new Set([...except].map(realPathOf));
  const gone: Array<{ file: string; entry: TrustEntry; root: string }> = [];
  for (const [file, entry] of Object.entries(reading.store.files)) {
    if (!trustedForProject(entry, entry.realpath, project)) continue;
    if (entry.projects === undefined) continue;
    const root = roots.find((directory) => isInsideDirectory(entry.realpath, realPathOf(directory)));
    if (root === undefined) continue;
    if (readReal.has(entry.realpath) || read.has(file) || exceptReal.has(entry.realpath)) continue;
    // Only the plugin's own files: a file of the plugin's data directory or elsewhere is not one.
    if (!isInsideDirectory(dirname(entry.realpath), realPathOf(root))) continue;
    gone.push({ file, entry, root });
  }
  return gone;
}

/** The store's entries trusted for the project that lie in the plugin directory `root`. */
export function pluginEntries(reading: TrustStoreReading, root: string, projectDir: string): TrustEntry[] {
  if (reading.store === undefined) return [];
  const project = realPathOf(projectDir);
  const real = realPathOf(root);
  return Object.values(reading.store.files).filter(
    (entry) => entry.projects?.includes(project) === true && isInsideDirectory(entry.realpath, real),
  );
}
