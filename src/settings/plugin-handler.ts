import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { HandlerConfig } from './configured-hook.js';
import type { PluginOrigin } from './plugin-origin.js';

/*
 * A plugin's command hooks name their files through ${CLAUDE_PLUGIN_ROOT}. Claude Code replaces the braced
 * forms ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} in the command text before the shell sees it (no
 * quoting added: a root with spaces needs the author's quotes) and also sets both variables in the hook's
 * environment, so `$CLAUDE_PLUGIN_ROOT` reaches the shell as a variable. hookwire does the same, and in an
 * exec-form hook (`args`, hookwire's own) replaces the braced forms in the program and every argument.
 */
const ROOT = /\$\{CLAUDE_PLUGIN_ROOT\}/g;
const DATA = /\$\{CLAUDE_PLUGIN_DATA\}/g;

/** The handler as the plugin's hook runs: placeholders replaced, and the two variables in its `env`. */
export function pluginHandler(handler: HandlerConfig, plugin: PluginOrigin): HandlerConfig {
  if (handler.type !== 'command') return handler;
  const expand = (text: string) => text.replace(ROOT, () => plugin.root).replace(DATA, () => plugin.dataDir);
  return {
    ...handler,
    command: expand(handler.command),
    ...(handler.args === undefined ? {} : { args: handler.args.map(expand) }),
    env: { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.dataDir, ...handler.env },
  };
}

/** A file named after the variable: `${CLAUDE_PLUGIN_ROOT}` or `$CLAUDE_PLUGIN_ROOT`, then a path up to a quote or space. */
const SCRIPT = /\$(?:\{CLAUDE_PLUGIN_ROOT\}|CLAUDE_PLUGIN_ROOT(?![A-Za-z0-9_]))(\/[^\s"'`;|&<>()$]*)/g;

/**
 * The files under the plugin root that a command hook names but that do not exist, as paths relative to the
 * root (`hooks/guard.sh`). Only what follows the variable is checked, up to the first space or quote: no
 * shell parsing beyond that (docs/plugins.md).
 */
export function missingPluginFiles(handler: HandlerConfig, plugin: PluginOrigin): string[] {
  if (handler.type !== 'command') return [];
  const texts = [handler.command, ...(handler.args ?? [])];
  const missing = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(SCRIPT)) {
      const relative = (match[1] as string).replace(/^\/+/, '');
      if (relative !== '' && !exists(join(plugin.root, relative))) missing.add(relative);
    }
  }
  return [...missing];
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
