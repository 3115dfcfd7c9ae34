import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownValue } from '../../common/own-value.js';
import type { CommandHandler } from './hooks-document.js';

/*
 * A plugin handler's variables (upstream `PluginHooksSource`): CLAUDE_PLUGIN_ROOT and PLUGIN_ROOT (the
 * plugin's directory), CLAUDE_PLUGIN_DATA and PLUGIN_DATA (`~/.deepagents/plugins/data/<slug>-<sha256[:32]>`,
 * created before the handler runs) and CLAUDE_PROJECT_DIR, set in its environment. In a POSIX shell command
 * `${VAR}` is left to the shell, so a hostile path is never re-read as code; in `argv` it is replaced by
 * the literal value; on Windows a shell command's `${VAR}` becomes `%VAR%`.
 */

/** The data directory of the plugin `id` under `home`, created. */
export function pluginDataDirectory(home: string, id: string): string {
  const slug = id.replace(/[^A-Za-z0-9._-]+/g, '-');
  const digest = createHash('sha256').update(id).digest('hex').slice(0, 32);
  const directory = join(home, '.deepagents', 'plugins', 'data', `${slug}-${digest}`);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return directory;
}

/** The variables a plugin's handlers get. */
export function pluginVariables(
  plugin: { readonly id: string; readonly root: string },
  home: string,
  projectDir: string,
): Record<string, string> {
  const data = pluginDataDirectory(home, plugin.id);
  return {
    CLAUDE_PLUGIN_ROOT: plugin.root,
    PLUGIN_ROOT: plugin.root,
    CLAUDE_PLUGIN_DATA: data,
    PLUGIN_DATA: data,
    CLAUDE_PROJECT_DIR: projectDir,
  };
}

const VARIABLE = /\$\{([A-Z_][A-Z0-9_]*)\}/g;

/** A shell command's text on `osName` (`posix` or `nt`): untouched on POSIX, `${VAR}` → `%VAR%` on Windows. */
export function resolveShellVariables(command: string, osName: 'posix' | 'nt'): string {
  return osName === 'nt' ? command.replace(VARIABLE, '%$1%') : command;
}

/** The handler with `${VAR}` replaced literally in its argv (only the plugin's variables). */
export function resolvePluginHandler(
  handler: CommandHandler,
  variables: Readonly<Record<string, string>>,
): CommandHandler {
  if (handler.argv === undefined) return handler;
  const argv = handler.argv.map((word) =>
    word.replace(VARIABLE, (whole, name: string) => ownValue(variables, name) ?? whole),
  );
  return { ...handler, argv };
}
