import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readInitState } from '../../hosts/claude-code/install/init-state.js';
import type { SourceLevel } from '../../settings/configured-hook.js';
import { enabledPlugins, readEnablingSettings } from '../../settings/enabled-plugins.js';
import { formatDiagnostic } from '../../settings/format-diagnostic.js';
import { PROJECT_MCP_FILE, pluginMcpFiles } from '../../settings/mcp/mcp-server-table.js';
import { PLUGIN_MANIFEST, pluginSources } from '../../settings/read-plugin-directory.js';
import {
  CLAUDE_DIRECTORY,
  homeDirectory,
  LOCAL_SETTINGS_FILE,
  SETTINGS_FILE,
} from '../../settings/settings-locations.js';
import type { PlannedSource } from '../../settings/settings-sources.js';
import { PROJECT_TRUST_FILES } from '../../settings/trust-check.js';
import { CommandInputError } from '../command-input.js';

/** A file `hookwire trust` reviews. */
export interface TrustTarget {
  readonly file: string;
  readonly level: SourceLevel;
  /** The plugin directory a plugin's file belongs to. */
  readonly pluginRoot?: string;
}

/**
 * The project directory as `trust` keys it: its real path, which is what an agent started in it reports as
 * its cwd (getcwd resolves symlinks), so that `hookwire run` looks up the same paths.
 */
export function projectDirectory(value: string | undefined): string {
  const directory = resolve(value ?? '.');
  try {
    return realpathSync.native(directory);
  } catch {
    throw new CommandInputError(`--project is not a directory: ${value ?? directory}`);
  }
}

/**
 * The files to review: the project's usual hooks files that exist (.claude/settings.json and
 * settings.local.json, .hookwire/hooks.json, and the hooks file `hookwire init` recorded), then every
 * `--settings` file, which must exist, then the hooks files of plugins (`pluginTrustSources`).
 */
export function trustTargets(
  projectDir: string,
  settings: readonly string[],
  cwd: string,
  plugins: readonly string[] = [],
): TrustTarget[] {
  const levels: Record<string, SourceLevel> = {
    [join(CLAUDE_DIRECTORY, SETTINGS_FILE)]: 'project',
    [join(CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE)]: 'local',
    [PROJECT_MCP_FILE]: 'project',
  };
  const relativeFiles = [...PROJECT_TRUST_FILES];
  const initHooksFile = initHooksFileOf(projectDir);
  if (initHooksFile !== undefined && !relativeFiles.includes(initHooksFile))
    relativeFiles.push(initHooksFile);
  const targets: TrustTarget[] = relativeFiles
    .map((file) => ({ file: join(projectDir, file), level: levels[file] ?? ('explicit' as const) }))
    .filter((target) => existsSync(target.file));
  for (const value of settings) {
    const file = resolve(cwd, value);
    if (!existsSync(file)) throw new CommandInputError(`settings file not found: ${value}`);
    if (!targets.some((target) => target.file === file)) targets.push({ file, level: 'explicit' });
  }
  const pluginTrust = pluginTrustSources(projectDir, plugins, cwd);
  for (const source of pluginTrust.sources) {
    if (source.problem !== undefined) {
      if (source.problem.severity === 'error')
        throw new CommandInputError(formatDiagnostic(source.problem, cwd));
      continue;
    }
    if (!targets.some((target) => target.file === source.file))
      targets.push({ file: source.file, level: 'plugin', pluginRoot: source.plugin?.root ?? source.file });
  }
  // A plugin's MCP servers, which mcp_tool hooks start, are trusted with its hooks, and its manifest, which
  // names its hooks files, with both (docs/trust.md, "The trusted set").
  for (const root of pluginTrust.roots) {
    for (const file of [...pluginMcpFiles(root), join(root, PLUGIN_MANIFEST)]) {
      if (existsSync(file) && !targets.some((target) => target.file === file))
        targets.push({ file, level: 'plugin', pluginRoot: root });
    }
  }
  return targets;
}

/**
 * The hooks files of the plugins that need the project's trust: those its own settings enable
 * (.claude/settings.json, settings.local.json) and those named with `--plugin`. A plugin enabled in the
 * user's settings is the user's and needs none (docs/trust.md).
 */
function pluginTrustSources(
  projectDir: string,
  plugins: readonly string[],
  cwd: string,
): { sources: PlannedSource[]; roots: string[] } {
  const homeDir = homeDirectory();
  // Read as they are now: these are the files under review, and trusting them trusts what they enable.
  const enabledByProject = enabledPlugins(
    readEnablingSettings([
      { file: join(projectDir, CLAUDE_DIRECTORY, SETTINGS_FILE), level: 'project' },
      { file: join(projectDir, CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE), level: 'local' },
    ]),
    homeDir,
    projectDir,
  );
  const named = plugins.map((directory) => resolve(cwd, directory));
  return {
    sources: [
      ...enabledByProject.loads.flatMap(pluginSources),
      ...named.flatMap((root) => pluginSources({ root, trustAs: 'explicit', homeDir, missing: 'error' })),
    ],
    roots: [...new Set([...enabledByProject.loads.map((load) => load.root), ...named])],
  };
}

/** The hooks file `hookwire init` wrote, relative to the project; none when init state is absent or odd. */
function initHooksFileOf(projectDir: string): string | undefined {
  try {
    return readInitState(projectDir)?.hooksFile;
  } catch {
    // A state file init did not write: init itself reports it; trust still reviews the usual files.
    return undefined;
  }
}
