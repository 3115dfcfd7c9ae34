import type { HookSource } from './load-hooks.js';
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
