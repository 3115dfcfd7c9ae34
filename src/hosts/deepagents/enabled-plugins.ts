import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../../common/is-record.js';
import { isDirectory, isFile } from '../../common/path-kind.js';
import type { PluginHooks } from './deepagents-hook-sources.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';

/*
 * The plugins Deep Agents Code loads hooks from, read as upstream reads them (`plugins/store.py`,
 * `discovery.py`, `manifest.py`): the ids `~/.deepagents/.state/plugin_state.json` enables
 * (`enabledPlugins`, value `true`), in sorted order, each installed where
 * `~/.deepagents/.state/installed_plugins.json` says (the first valid `installPath` of its entries); a
 * plugin's hooks are its `hooks/hooks.json`, each file or directory its manifest's `hooks` names (a path or
 * a list, inside the plugin), and an inline `hooks` object of the manifest. What cannot be read is a
 * `plugin_hooks_failed` diagnostic, and never keeps the other plugins' hooks from loading.
 */

const STORAGE_VERSION = 1;
const INSTALLED_STORAGE_VERSION = 2;
const MANIFESTS = [
  'plugin.json',
  join('.claude-plugin', 'plugin.json'),
  join('.codex-plugin', 'plugin.json'),
];

/** The enabled plugins' hooks documents under `home`, and what could not be read. */
export function enabledDeepAgentsPlugins(home: string): {
  readonly plugins: readonly PluginHooks[];
  readonly diagnostics: readonly HookDiagnostic[];
} {
  const state = join(home, '.deepagents', '.state');
  const diagnostics: HookDiagnostic[] = [];
  const problem = (message: string, field?: string): void => {
    diagnostics.push(warning('plugin_hooks_failed', message, field === undefined ? {} : { field }));
  };
  const enabledState = readState(join(state, 'plugin_state.json'), STORAGE_VERSION, problem);
  const installedState = readState(join(state, 'installed_plugins.json'), INSTALLED_STORAGE_VERSION, problem);
  const enabled = isRecord(enabledState.enabledPlugins) ? enabledState.enabledPlugins : {};
  const installed = isRecord(installedState.plugins) ? installedState.plugins : {};
  const plugins: PluginHooks[] = [];
  for (const id of Object.keys(enabled)
    .filter((key) => enabled[key] === true)
    .sort()) {
    const at = id.lastIndexOf('@');
    if (at <= 0 || at === id.length - 1) {
      problem(`Plugin discovery warning: Ignoring invalid plugin id ${JSON.stringify(id)}`);
      continue;
    }
    const entries = installed[id];
    const entry = Array.isArray(entries) ? entries.find(isInstallEntry) : undefined;
    if (entry === undefined) {
      problem(
        `Plugin discovery warning: Plugin ${id} is enabled but not installed (missing installed_plugins.json entry); run install to fix this`,
      );
      continue;
    }
    const root = resolve(String(entry.installPath ?? entry.install_path));
    if (!isDirectory(root)) {
      problem(`Plugin discovery warning: Plugin ${id} cache miss at ${root}; re-run install to refresh`);
      continue;
    }
    plugins.push(...pluginDocuments(id, root, problem));
  }
  return { plugins, diagnostics };
}

function readState(
  file: string,
  maxVersion: number,
  problem: (message: string) => void,
): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isRecord(data)) {
      problem(`Plugin state file ${file} is not a JSON object`);
      return {};
    }
    const version = data.version;
    if (
      version !== undefined &&
      (typeof version !== 'number' || !Number.isInteger(version) || version > maxVersion)
    ) {
      problem(`Plugin state file ${file} has unsupported version ${JSON.stringify(version)}`);
      return {};
    }
    return data;
  } catch (error) {
    problem(`Plugin state file ${file} could not be read: ${(error as Error).message}`);
    return {};
  }
}

function isInstallEntry(entry: unknown): entry is Record<string, unknown> {
  if (!isRecord(entry)) return false;
  const path = entry.installPath ?? entry.install_path;
  const version = entry.version;
  return (
    typeof path === 'string' &&
    path !== '' &&
    (version === undefined || version === null || (typeof version === 'string' && version !== ''))
  );
}

/** One plugin's hooks documents, in upstream's order: hooks/hooks.json, the manifest's paths, its inline object. */
function pluginDocuments(
  id: string,
  root: string,
  problem: (message: string, field?: string) => void,
): PluginHooks[] {
  const documents: PluginHooks[] = [];
  const files: string[] = [];
  const add = (path: string): void => {
    const target = isDirectory(path) ? join(path, 'hooks.json') : path;
    const inside = insidePlugin(target, root);
    if (inside !== null && !files.includes(inside)) files.push(inside);
  };
  add(join(root, 'hooks'));
  const manifestPath = MANIFESTS.map((name) => join(root, name)).find(isFile);
  let inline: Record<string, unknown> | undefined;
  if (manifestPath !== undefined) {
    try {
      const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (!isRecord(manifest)) throw new Error(`Plugin manifest ${manifestPath} must be a JSON object`);
      const declared = manifest.hooks;
      if (isRecord(declared))
        inline = isRecord(declared.hooks) ? { hooks: declared.hooks } : { hooks: declared };
      else if (typeof declared === 'string' || Array.isArray(declared))
        for (const path of [declared].flat())
          if (typeof path === 'string' && !isAbsolute(path) && !path.split(/[\\/]/).includes('..'))
            add(join(root, path));
    } catch (error) {
      problem(`Plugin discovery warning: Skipping plugin ${id}: ${(error as Error).message}`, root);
      return [];
    }
  }
  for (const path of files) documents.push({ name: id, root, path });
  if (inline !== undefined && Object.keys(inline.hooks as object).length > 0)
    documents.push({ name: id, root, path: manifestPath ?? root, inline });
  return documents;
}

/** The real path of `path` when it exists inside `root`, else null (a component outside is ignored). */
function insidePlugin(path: string, root: string): string | null {
  try {
    if (!existsSync(path)) return null;
    const real = realpathSync(path);
    const base = realpathSync(root);
    const rest = relative(base, real);
    return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest)) ? real : null;
  } catch {
    return null;
  }
}
