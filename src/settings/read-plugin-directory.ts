import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { isInsideDirectory } from '../common/is-inside-directory.js';
import { isRecord } from '../common/is-record.js';
import { isDirectory, isFile } from '../common/path-kind.js';
import type { Diagnostic, SourceLevel } from './configured-hook.js';
import { type PluginOrigin, pluginDataDirectory } from './plugin-origin.js';
import type { PlannedSource } from './settings-sources.js';
import type { UntrustedReason } from './trust-check.js';

/** Where a plugin keeps its manifest and its default hooks file, relative to its root. */
export const PLUGIN_MANIFEST = join('.claude-plugin', 'plugin.json');
export const PLUGIN_HOOKS_FILE = join('hooks', 'hooks.json');

/** The untrusted settings file that alone turned a plugin on, and why that file is untrusted. */
export interface EnabledByUntrusted {
  readonly file: string;
  readonly reason: UntrustedReason;
}

/** How a plugin directory is being loaded: its marketplace (installed plugins) and whose trust it needs. */
export interface PluginLoad {
  /** The directory, absolute. */
  readonly root: string;
  /** The marketplace of an installed plugin (`name@marketplace`); undefined for a named directory (`@inline`). */
  readonly marketplace?: string;
  /** The level whose trust rule the plugin's hooks follow (the settings level that enabled it, or `explicit`). */
  readonly trustAs: SourceLevel;
  /** The home directory, for the plugin's data directory. */
  readonly homeDir: string;
  /**
   * What a missing directory is: an error for a directory the user named, a warning for an installed
   * plugin whose files are gone (Claude Code skips it).
   */
  readonly missing: 'error' | 'warning';
  /**
   * The untrusted settings file that alone turns this plugin on: its hooks are loaded as untrusted whatever
   * the store says of them, so that they fail closed (docs/trust.md).
   */
  readonly enabledByUntrusted?: EnabledByUntrusted;
}

/**
 * The settings sources of one plugin directory, in Claude Code's order: `hooks/hooks.json` when it exists,
 * then what the manifest's `hooks` adds (a path relative to the root, an inline hooks object, or a list of
 * either). A directory that cannot be a plugin, or a manifest that cannot be read, is one source carrying
 * its located error (so loading fails closed like any broken settings file, docs/plugins.md).
 */
export function pluginSources(load: PluginLoad): PlannedSource[] {
  const manifestPath = join(load.root, PLUGIN_MANIFEST);
  const untrustedEnabler =
    load.enabledByUntrusted === undefined ? {} : { enabledByUntrusted: load.enabledByUntrusted };
  const problem = (
    file: string,
    message: string,
    jsonPath = '$',
    severity: Diagnostic['severity'] = 'error',
  ): PlannedSource[] => [
    {
      file,
      level: 'plugin',
      explicit: true,
      trustAs: load.trustAs,
      ...untrustedEnabler,
      problem: { severity, file, line: 1, column: 1, jsonPath, message },
    },
  ];
  if (!isDirectory(load.root)) {
    return problem(load.root, 'plugin directory not found: its hooks do not run', '$', load.missing);
  }
  const manifest = readManifest(manifestPath);
  if ('error' in manifest) return problem(manifestPath, manifest.error, manifest.jsonPath);
  const hooksFile = join(load.root, PLUGIN_HOOKS_FILE);
  const hasHooksFile = isFile(hooksFile);
  if (manifest.value === undefined && !hasHooksFile) {
    return problem(load.root, `not a plugin: neither ${PLUGIN_MANIFEST} nor ${PLUGIN_HOOKS_FILE} is here`);
  }
  const name = manifest.value?.name ?? basename(load.root);
  const id = `${name}@${load.marketplace ?? 'inline'}`;
  const plugin: PluginOrigin = {
    id,
    name,
    version: manifest.value?.version,
    root: load.root,
    dataDir: pluginDataDirectory(load.homeDir, id),
  };
  const source = (file: string, object?: unknown): PlannedSource => ({
    file,
    level: 'plugin',
    explicit: true,
    trustAs: load.trustAs,
    ...untrustedEnabler,
    plugin,
    // Inline hooks are trusted by the manifest's bytes: exactly those they were parsed from, read once.
    ...(object === undefined ? {} : { object, bytes: manifest.bytes }),
    // Every source is trusted with the manifest that named it.
    ...(manifest.bytes === undefined ? {} : { manifest: { file: manifestPath, bytes: manifest.bytes } }),
  });
  const sources = hasHooksFile ? [source(hooksFile)] : [];
  const declared = manifest.value?.hooks;
  const entries = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  entries.forEach((entry, index) => {
    const jsonPath = Array.isArray(declared) ? `hooks[${index}]` : 'hooks';
    if (isRecord(entry)) {
      // Inline hooks are the event map itself, as in settings' `hooks`.
      sources.push(source(manifestPath, { hooks: entry }));
      return;
    }
    if (typeof entry !== 'string' || entry === '') {
      sources.push(...problem(manifestPath, 'a hooks entry must be a path or a hooks object', jsonPath));
      return;
    }
    const file = resolve(load.root, entry);
    if (!isInsideDirectory(file, load.root)) {
      sources.push(...problem(manifestPath, `hooks path "${entry}" leaves the plugin directory`, jsonPath));
    } else if (file !== hooksFile) {
      // hooks/hooks.json is loaded by default; naming it again would load its hooks twice.
      sources.push(source(file));
    }
  });
  return sources;
}

interface Manifest {
  readonly name: string;
  readonly version: string | undefined;
  readonly hooks: unknown;
}

/**
 * The manifest's fields hookwire uses, and the bytes they were parsed from; `value` undefined when the
 * plugin has no manifest.
 */
function readManifest(
  path: string,
): { value: Manifest | undefined; bytes?: Buffer } | { error: string; jsonPath: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { value: undefined };
    return { error: `cannot read the plugin manifest (${code ?? String(error)})`, jsonPath: '$' };
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { error: `the plugin manifest is not JSON: ${(error as Error).message}`, jsonPath: '$' };
  }
  if (!isRecord(value)) return { error: 'the plugin manifest must be a JSON object', jsonPath: '$' };
  if (typeof value.name !== 'string' || value.name.trim() === '') {
    return { error: 'the plugin manifest needs a "name" string', jsonPath: 'name' };
  }
  const version = typeof value.version === 'string' ? value.version : undefined;
  return { value: { name: value.name, version, hooks: value.hooks }, bytes };
}
