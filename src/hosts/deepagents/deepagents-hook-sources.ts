import { warning } from './hook-diagnostic.js';
import { type HookSource, type LoadedHooks, loadHooks } from './load-hooks.js';
import { type ProjectTrust, userHooksPath } from './workspace-trust.js';

/*
 * Upstream's sources, in its order: the project's `.deepagents/hooks.json` (only once trusted), the user's
 * `~/.deepagents/hooks.json`, then each enabled plugin's hooks.
 */

/** One plugin's hooks: its `hooks/hooks.json`, a manifest's `hooks` path, or an inline object. */
export interface PluginHooks {
  readonly name: string;
  readonly root: string;
  readonly path: string;
  readonly inline?: unknown;
}

/** The sources for a session in `home` with the project trust `trust`. */
export function deepAgentsHookSources(
  home: string,
  trust: ProjectTrust | null,
  plugins: readonly PluginHooks[] = [],
): HookSource[] {
  const sources: HookSource[] = [];
  if (trust?.trusted === true) sources.push({ label: 'project', scope: 'project', path: trust.projectFile });
  sources.push({ label: 'user', scope: 'user', path: userHooksPath(home) });
  for (const plugin of plugins)
    sources.push({
      label: plugin.name,
      scope: 'plugin',
      path: plugin.path,
      plugin: { id: plugin.name, root: plugin.root },
      ...(plugin.inline === undefined ? {} : { inline: plugin.inline }),
    });
  return sources;
}

/**
 * Loads the sources of `deepAgentsHookSources` as upstream's manager does: when the trust is bound to the
 * project file's bytes (`trust.digest`) and the load read other bytes (the file changed between the trust
 * check and the read), the project hooks are dropped and the rest loaded again, with a warning.
 */
export function loadDeepAgentsHooks(
  home: string,
  trust: ProjectTrust | null,
  plugins: readonly PluginHooks[] = [],
): LoadedHooks {
  const loaded = loadHooks(deepAgentsHookSources(home, trust, plugins));
  if (trust?.digest === undefined || !loaded.sources.includes('project')) return loaded;
  if (loaded.projectDigest === trust.digest) return loaded;
  const without = loadHooks(deepAgentsHookSources(home, { ...trust, trusted: false }, plugins));
  const changed = warning(
    'project_hooks_changed',
    'Project hooks changed while loading; reloading without project hooks',
    { field: trust.projectFile },
  );
  return { ...without, diagnostics: [changed, ...without.diagnostics] };
}
