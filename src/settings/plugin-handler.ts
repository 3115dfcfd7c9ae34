import { statSync } from 'node:fs';
import { join } from 'node:path';
import { factsOf } from '../handlers/facts.js';
import type { HandlerConfig } from './configured-hook.js';
import type { PluginOrigin } from './plugin-origin.js';

/*
 * A plugin's command hooks (the types whose facts say `pluginPaths`) name their files through ${CLAUDE_PLUGIN_ROOT}. Claude Code replaces the braced
 * forms ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} in the command text before the shell sees it (no
 * quoting added: a root with spaces needs the author's quotes) and also sets both variables in the hook's
 * environment, so `$CLAUDE_PLUGIN_ROOT` reaches the shell as a variable. hookwire does the same, and in an
 * exec-form hook (`args`, hookwire's own) replaces the braced forms in the program and every argument.
 */
const ROOT = /\$\{CLAUDE_PLUGIN_ROOT\}/g;
const DATA = /\$\{CLAUDE_PLUGIN_DATA\}/g;

/**
 * The fields of a handler that name a plugin's files, from its type's facts (`pluginPaths`, `execArgs`): its
 * required field (shell text, or the program in exec form) and its `args`; undefined when the type names none.
 */
function pluginPathFields(
  handler: HandlerConfig,
):
  | { readonly field: string; readonly text: string; readonly args: readonly string[] | undefined }
  | undefined {
  const facts = factsOf(handler.type);
  if (!facts.pluginPaths) return undefined;
  // The loader checked both before a handler is built: the required field is a string, `args` a string list.
  const fields = handler as unknown as Readonly<Record<string, unknown>>;
  const args = facts.execArgs ? (fields.args as readonly string[] | undefined) : undefined;
  return { field: facts.requiredField, text: fields[facts.requiredField] as string, args };
}

/** The handler as the plugin's hook runs: placeholders replaced, and the two variables in its `env`. */
export function pluginHandler(handler: HandlerConfig, plugin: PluginOrigin): HandlerConfig {
  const paths = pluginPathFields(handler);
  if (paths === undefined) return handler;
  const expand = (text: string) => text.replace(ROOT, () => plugin.root).replace(DATA, () => plugin.dataDir);
  const env = (handler as { readonly env?: Readonly<Record<string, string>> }).env;
  return {
    ...handler,
    [paths.field]: expand(paths.text),
    ...(paths.args === undefined ? {} : { args: paths.args.map(expand) }),
    env: { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.dataDir, ...env },
  } as HandlerConfig;
}

/**
 * Claude Code's refusal of a hook outside a plugin whose command names `${CLAUDE_PLUGIN_ROOT}` or
 * `${CLAUDE_PLUGIN_DATA}` (braced, in the command or an argument; `$CLAUDE_PLUGIN_ROOT` is left to the
 * shell), in its words; undefined when the handler names neither. Claude Code refuses it when the hook is
 * about to run, as a non-blocking error; hookwire refuses it at load, as a located error, so the event fails
 * closed where it can block (docs/protocol.md, "Differences").
 */
export function pluginVariableOutsidePlugin(handler: HandlerConfig): string | undefined {
  const paths = pluginPathFields(handler);
  if (paths === undefined) return undefined;
  for (const name of ['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA']) {
    const placeholder = `\${${name}}`;
    if (!paths.text.includes(placeholder) && !paths.args?.some((arg) => arg.includes(placeholder))) continue;
    return `Hook command references ${placeholder} but the hook is not associated with a plugin. This variable is only available in hooks defined in a plugin's hooks/hooks.json file, not in settings.json.`;
  }
  return undefined;
}

/*
 * The characters a substituted path may hold and still mean only itself to sh, bash and PowerShell, unquoted,
 * in double quotes or in single quotes: letters, digits and marks of any script, the plain space (which
 * splits an unquoted word, as under Claude Code, but runs nothing), and `/ . _ - + , : @ % =`. Everything
 * else (`$`, a backquote, quotes, `\`, `;`, `&`, `|`, `<`, `>`, parentheses, globs, `#`, `~`, `!`, control
 * characters...) could end the author's quotes or start a command once pasted into the command text.
 */
const INERT_IN_SHELL = /^[\p{L}\p{N}\p{M} /._+,:@%=-]*$/u;

/**
 * Why a plugin's hook is refused: its shell command names `${CLAUDE_PLUGIN_ROOT}` or `${CLAUDE_PLUGIN_DATA}`
 * and the path that would replace it holds a character the shell reads as code. A directory named
 * `plug$(touch x)` would otherwise run `touch x` through the author's own `"${CLAUDE_PLUGIN_ROOT}"`, since
 * the replacement happens before the shell parses the text (Claude Code substitutes the same way). Undefined
 * when nothing is wrong; an exec-form hook (`args`) involves no shell and is never refused.
 */
export function unsafePluginPath(handler: HandlerConfig, plugin: PluginOrigin): string | undefined {
  const paths = pluginPathFields(handler);
  if (paths === undefined || paths.args !== undefined) return undefined;
  for (const [name, path] of [
    ['CLAUDE_PLUGIN_ROOT', plugin.root],
    ['CLAUDE_PLUGIN_DATA', plugin.dataDir],
  ] as const) {
    if (!paths.text.includes(`\${${name}}`) || INERT_IN_SHELL.test(path)) continue;
    const characters = [...new Set([...path].filter((character) => !INERT_IN_SHELL.test(character)))];
    return `the plugin's ${name === 'CLAUDE_PLUGIN_ROOT' ? 'directory' : 'data directory'} ${JSON.stringify(path)} holds ${characters.map((character) => JSON.stringify(character)).join(', ')}, which the shell would read as code once \${${name}} is replaced in this command: the hook is not loaded (rename the directory; "$${name}", expanded by the shell as a variable, is safe)`;
  }
  return undefined;
}

/** A file named after the variable: `${CLAUDE_PLUGIN_ROOT}` or `$CLAUDE_PLUGIN_ROOT`, then a path up to a quote or space. */
const SCRIPT = /\$(?:\{CLAUDE_PLUGIN_ROOT\}|CLAUDE_PLUGIN_ROOT(?![A-Za-z0-9_]))(\/[^\s"'`;|&<>()$]*)/g;

/**
 * The files under the plugin root that a command hook names but that do not exist, as paths relative to the
 * root (`hooks/guard.sh`). Only what follows the variable is checked, up to the first space or quote: no
 * shell parsing beyond that (docs/plugins.md).
 */
export function missingPluginFiles(handler: HandlerConfig, plugin: PluginOrigin): string[] {
  const paths = pluginPathFields(handler);
  if (paths === undefined) return [];
  const texts = [paths.text, ...(paths.args ?? [])];
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
