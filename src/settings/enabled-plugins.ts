import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../common/is-record.js';
import type { Diagnostic, SourceLevel } from './configured-hook.js';
import { formatJsonPath, parseJsonDocument, propertiesOf, propertyNode } from './json-document.js';
import { pluginsDirectory } from './plugin-origin.js';
import type { PluginLoad } from './read-plugin-directory.js';
import type { UntrustedReason } from './trust-check.js';

/** A settings file that may hold `enabledPlugins`, with its level. */
export interface SettingsFileRef {
  readonly file: string;
  readonly level: SourceLevel;
}

/** A settings file as it was read for `enabledPlugins`: the text (undefined when it cannot be read), its trust. */
export interface EnablingSettings extends SettingsFileRef {
  readonly text: string | undefined;
  /** Why the file is not trusted; undefined when it is (or trust is off). */
  readonly untrusted?: UntrustedReason | undefined;
}

/** Where the settings levels rank for `enabledPlugins`: a later level's value wins, managed last of all. */
const ENABLING_ORDER: readonly SourceLevel[] = ['user', 'project', 'local', 'managed'];

/** One installation in Claude Code's `installed_plugins.json`. */
interface Installation {
  readonly scope: string;
  readonly projectPath: string | undefined;
  readonly installPath: string;
}

/** One `enabledPlugins` entry, with the file it is in. */
interface EnablingEntry {
  readonly id: string;
  readonly on: boolean;
  readonly settings: EnablingSettings;
  readonly at: Diagnostic;
}

/**
 * The installed plugins Claude Code would load for `projectDir`: every `name@marketplace` that the merged
 * `enabledPlugins` of the settings files sets to true (a later level overriding: user, project, local,
 * managed), found in `<home>/.claude/plugins/installed_plugins.json` (its version 1 or 2 shape; for version 2
 * the installation of this project wins over a user-wide one). Each plugin follows the trust rule of the
 * level that enabled it. A plugin enabled but not installed is a warning located at its `enabledPlugins`
 * key: Claude Code skips it without a word (docs/plugins.md).
 *
 * Only trusted files decide (docs/trust.md): an untrusted file turns nothing off and reclassifies nothing.
 * A plugin that only an untrusted file turns on is planned with `enabledByUntrusted`, so that its hooks are
 * loaded as untrusted and fail closed, as the untrusted file's own hooks do.
 */
export function enabledPlugins(
  settingsFiles: readonly EnablingSettings[],
  homeDir: string,
  projectDir: string,
): { loads: PluginLoad[]; diagnostics: Diagnostic[] } {
  const ranked = [...settingsFiles]
    .filter((settings) => ENABLING_ORDER.includes(settings.level))
    .sort((left, right) => ENABLING_ORDER.indexOf(left.level) - ENABLING_ORDER.indexOf(right.level));
  const decided = new Map<string, EnablingEntry>();
  const wanted = new Map<string, EnablingEntry>();
  for (const settings of ranked) {
    for (const entry of enabledEntries(settings)) {
      wanted.set(entry.id, entry);
      if (settings.untrusted === undefined) decided.set(entry.id, entry);
    }
  }
  const diagnostics: Diagnostic[] = [];
  const loads: PluginLoad[] = [];
  const turnedOn = [...wanted].flatMap(([id, want]) => {
    const trusted = decided.get(id);
    const entry = trusted?.on === true ? trusted : want.on ? want : undefined;
    return entry === undefined ? [] : [entry];
  });
  if (turnedOn.length === 0) return { loads, diagnostics };
  const registryFile = join(pluginsDirectory(homeDir), 'installed_plugins.json');
  const registry = readRegistry(registryFile);
  if ('problem' in registry) diagnostics.push(registry.problem);
  const installations = 'plugins' in registry ? registry.plugins : new Map<string, Installation[]>();
  for (const entry of turnedOn) {
    const id = entry.id;
    const untrusted = entry.settings.untrusted;
    const installation = chooseInstallation(installations.get(id) ?? [], projectDir);
    if (installation === undefined) {
      // An untrusted file's wishes are not reported: nothing of it reaches the user before it is reviewed.
      if (untrusted === undefined)
        diagnostics.push({
          ...entry.at,
          message: `plugin "${id}" is enabled but not installed (not in ${registryFile}): its hooks do not run`,
        });
      continue;
    }
    const marketplace = id.slice(id.lastIndexOf('@') + 1);
    loads.push({
      root: installation.installPath,
      marketplace,
      trustAs: entry.settings.level,
      homeDir,
      missing: 'warning',
      ...(untrusted === undefined
        ? {}
        : { enabledByUntrusted: { file: entry.settings.file, reason: untrusted } }),
    });
  }
  return { loads, diagnostics };
}

/** The settings files read from disk as they are now, all taken as trusted (for `validate` and reviews). */
export function readEnablingSettings(files: readonly SettingsFileRef[]): EnablingSettings[] {
  return files.map((settings) => {
    try {
      return { ...settings, text: readFileSync(settings.file, 'utf8') };
    } catch {
      return { ...settings, text: undefined };
    }
  });
}

/** The `enabledPlugins` entries of one settings file; a file that cannot be read has none (its own reading says why). */
function enabledEntries(settings: EnablingSettings): EnablingEntry[] {
  if (settings.text === undefined) return [];
  const document = parseJsonDocument(settings.text);
  const root = document.root;
  const node = root?.type === 'object' ? propertyNode(root, 'enabledPlugins') : undefined;
  if (node?.type !== 'object') return [];
  return propertiesOf(node).map(({ key, keyNode, valueNode }) => ({
    id: key,
    // Claude Code also accepts a list of versions here; any value but false (or null) turns the plugin on.
    on: !(valueNode.type === 'boolean' && valueNode.value === false) && valueNode.type !== 'null',
    settings,
    at: {
      severity: 'warning',
      file: settings.file,
      ...document.positionOf(keyNode.offset),
      jsonPath: formatJsonPath(['enabledPlugins', key]),
      message: '',
    },
  }));
}

/** The installations by plugin id, or why the registry cannot be read (absent: no plugin is installed). */
function readRegistry(file: string): { plugins: Map<string, Installation[]> } | { problem: Diagnostic } {
  const problem = (message: string) => ({
    problem: { severity: 'warning' as const, file, line: 1, column: 1, jsonPath: '$', message },
  });
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { plugins: new Map() };
    return problem(`cannot read Claude Code's installed plugins: ${(error as Error).message}`);
  }
  if (!isRecord(value) || !isRecord(value.plugins)) {
    return problem('installed_plugins.json has no "plugins" object: no installed plugin is loaded');
  }
  const plugins = new Map<string, Installation[]>();
  for (const [id, entry] of Object.entries(value.plugins)) {
    // Version 2 lists installations per scope; version 1 held one, user-wide.
    const list = Array.isArray(entry) ? entry : [{ scope: 'user', ...(isRecord(entry) ? entry : {}) }];
    plugins.set(
      id,
      list.flatMap((item) =>
        isRecord(item) && typeof item.installPath === 'string'
          ? [
              {
                scope: typeof item.scope === 'string' ? item.scope : 'user',
                projectPath: typeof item.projectPath === 'string' ? item.projectPath : undefined,
                installPath: item.installPath,
              },
            ]
          : [],
      ),
    );
  }
  return { plugins };
}

/** This project's installation (project or local scope) before a user-wide (user or managed) one. */
function chooseInstallation(
  installations: readonly Installation[],
  projectDir: string,
): Installation | undefined {
  return (
    installations.find(
      (item) => (item.scope === 'project' || item.scope === 'local') && item.projectPath === projectDir,
    ) ?? installations.find((item) => item.scope === 'user' || item.scope === 'managed')
  );
}
