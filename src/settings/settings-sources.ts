import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic, SourceLevel } from './configured-hook.js';
import { type EnablingSettings, enabledPlugins, readEnablingSettings } from './enabled-plugins.js';
import type { PluginOrigin } from './plugin-origin.js';
import { type EnabledByUntrusted, pluginSources } from './read-plugin-directory.js';
import {
  CLAUDE_DIRECTORY,
  LOCAL_SETTINGS_FILE,
  SETTINGS_FILE,
  type SettingsLocations,
} from './settings-locations.js';

/** A settings source to read: a file path, or an object passed in code. */
export interface PlannedSource {
  readonly file: string;
  readonly level: SourceLevel;
  /** Named explicitly: a missing file is an error rather than simply absent. */
  readonly explicit: boolean;
  readonly object?: unknown;
  /**
   * The bytes `object` was parsed from, when it came from a file (a plugin manifest's inline hooks): the
   * trust check hashes these, never a second read that may hold other bytes.
   */
  readonly bytes?: Buffer;
  /** The plugin the source belongs to (level `plugin`). */
  readonly plugin?: PluginOrigin;
  /** The level whose trust rule applies when it is not `level` (a plugin follows whoever enabled it). */
  readonly trustAs?: SourceLevel;
  /** Why the source cannot be read at all, found while planning (a plugin directory that is not one). */
  readonly problem?: Diagnostic;
  /** The untrusted settings file that alone enabled the plugin this source belongs to. */
  readonly enabledByUntrusted?: EnabledByUntrusted;
  /**
   * The plugin's manifest and the bytes this plan was made from: it decides which hooks files load, so it is
   * in the trusted set of the plugin's every source (docs/trust.md, "The trusted set").
   */
  readonly manifest?: { readonly file: string; readonly bytes: Buffer };
}

/** What a caller names instead of the default sources. */
export interface ExplicitSources {
  readonly files?: readonly string[] | undefined;
  readonly objects?: readonly unknown[] | undefined;
  /** Plugin directories (relative to cwd). */
  readonly plugins?: readonly string[] | undefined;
}

/**
 * The sources to read, in two steps: the settings files first; then, from how they read, what follows them
 * (the plugins they enable, Deep Agents). Plugins follow only the trusted files, so the trust verdicts of the
 * settings files must be known before the plugins are planned.
 */
export interface SourcePlan {
  readonly settings: readonly PlannedSource[];
  /** The sources after `settings`, given each settings file's text and trust. */
  readonly after: (enabling: readonly EnablingSettings[]) => PlannedSource[];
}

/**
 * Which sources to read, in hook order: explicit files, objects and plugins only when any is given, else the
 * defaults (managed, user, project, local, the plugins they enable, Deep Agents).
 */
export function planSources(locations: SettingsLocations, explicit: ExplicitSources = {}): SourcePlan {
  if (explicit.files || explicit.objects || explicit.plugins) {
    const settings = [
      ...(explicit.files ?? []).map((file) => ({
        file: resolve(locations.cwd, file),
        level: 'explicit' as const,
        explicit: true,
      })),
      ...(explicit.objects ?? []).map((object, index) => ({
        file: `<inline ${index + 1}>`,
        level: 'inline' as const,
        explicit: true,
        object,
      })),
      ...(explicit.plugins ?? []).flatMap((directory) =>
        pluginSources({
          root: resolve(locations.cwd, directory),
          trustAs: 'explicit',
          homeDir: locations.homeDir,
          missing: 'error',
        }),
      ),
    ];
    return { settings, after: () => [] };
  }
  const defaults: PlannedSource[] = [
    { file: locations.managedSettingsPath, level: 'managed', explicit: false },
    { file: join(locations.homeDir, CLAUDE_DIRECTORY, SETTINGS_FILE), level: 'user', explicit: false },
    { file: join(locations.projectDir, CLAUDE_DIRECTORY, SETTINGS_FILE), level: 'project', explicit: false },
    {
      file: join(locations.projectDir, CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE),
      level: 'local',
      explicit: false,
    },
    { file: locations.deepAgentsPath, level: 'deepagents', explicit: false },
  ];
  // When the project is the home directory, its settings are the user's: read them once.
  const seen = new Set<string>();
  const unique = defaults.filter((source) => {
    const key = resolve(source.file);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const settings = unique.filter((source) => source.level !== 'deepagents');
  const deepAgents = unique.filter((source) => source.level === 'deepagents');
  return {
    settings,
    after: (enabling) => {
      const plugins = enabledPlugins(enabling, locations.homeDir, locations.projectDir);
      return [
        ...plugins.diagnostics.map((problem) => ({
          file: problem.file,
          level: 'plugin' as const,
          explicit: false,
          problem,
        })),
        ...plugins.loads.flatMap(pluginSources),
        ...deepAgents,
      ];
    },
  };
}

/**
 * Every source in hook order, the settings files taken as trusted for the plugins they enable (`validate`
 * checks what is configured; loading, which checks trust, goes through `planSources`).
 */
export function plannedSources(
  locations: SettingsLocations,
  explicit: ExplicitSources = {},
): PlannedSource[] {
  const plan = planSources(locations, explicit);
  return [...plan.settings, ...plan.after(readEnablingSettings(plan.settings))];
}

/**
 * The text of a source (and, for a file, the bytes it was decoded from: the trust check hashes exactly what
 * is parsed), undefined when a default file is absent, or a located error.
 */
export function readSourceText(
  source: PlannedSource,
): { text: string; bytes?: Buffer; warning?: Diagnostic } | { diagnostic: Diagnostic } | undefined {
  const failure = (message: string) => ({
    diagnostic: { severity: 'error' as const, file: source.file, line: 1, column: 1, jsonPath: '$', message },
  });
  if (source.problem !== undefined) return { diagnostic: source.problem };
  if (source.object !== undefined) {
    try {
      const text = JSON.stringify(source.object) ?? 'null';
      // A plugin's inline hooks are trusted by the bytes of the manifest they were parsed from.
      return source.bytes === undefined ? { text } : { text, bytes: source.bytes };
    } catch (error) {
      return failure(
        `settings object is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  try {
    const bytes = readFileSync(source.file);
    const text = bytes.toString('utf8');
    return isUtf8(bytes) ? { text, bytes } : { text, bytes, warning: notUtf8(source.file, text) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !source.explicit) return undefined;
    if (code === 'ENOENT') return failure('file not found');
    return failure(`cannot read the file (${code ?? String(error)})`);
  }
}

/**
 * A file that is not valid UTF-8 is still read (its invalid bytes as U+FFFD, as Node decodes them), but
 * never silently: a command holding such bytes would run altered. Located at the first replacement character.
 */
function notUtf8(file: string, text: string): Diagnostic {
  const at = Math.max(0, text.indexOf('\ufffd'));
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  const message = 'the file is not valid UTF-8: its invalid bytes are read as U+FFFD (\ufffd)';
  return { severity: 'warning', file, line, column, jsonPath: '$', message };
}
