import { join } from 'node:path';
import { CLAUDE_DIRECTORY } from './settings-locations.js';

/**
 * The plugin a hook came with: who it is (for provenance) and the two directories its commands are given,
 * as Claude Code gives them (docs/plugins.md).
 */
export interface PluginOrigin {
  /** `name@marketplace` for an installed plugin, `name@inline` for one named by `--plugin` / `plugins:`. */
  readonly id: string;
  /** The manifest's `name`. */
  readonly name: string;
  /** The manifest's `version`, when it has one. */
  readonly version: string | undefined;
  /** The plugin's directory: `CLAUDE_PLUGIN_ROOT`. */
  readonly root: string;
  /** The plugin's persistent data directory: `CLAUDE_PLUGIN_DATA`. */
  readonly dataDir: string;
}

/** Where Claude Code keeps installed plugins and their data: `<home>/.claude/plugins`. */
export function pluginsDirectory(homeDir: string): string {
  return join(homeDir, CLAUDE_DIRECTORY, 'plugins');
}

/**
 * The data directory of plugin `id`, as Claude Code names it: `<home>/.claude/plugins/data/<id>`, with every
 * character other than letters, digits, `-` and `_` made a `-` (`guard@inline` → `guard-inline`).
 */
export function pluginDataDirectory(homeDir: string, id: string): string {
  return join(pluginsDirectory(homeDir), 'data', id.replace(/[^a-zA-Z0-9\-_]/g, '-'));
}

/** How a plugin is named in reports: `name@version (id)`, or `name (id)` without a version. */
export function describePlugin(plugin: PluginOrigin): string {
  return `plugin ${plugin.name}${plugin.version === undefined ? '' : `@${plugin.version}`} (${plugin.id})`;
}
