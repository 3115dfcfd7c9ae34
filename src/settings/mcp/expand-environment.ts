/** `${VAR}` and `${VAR:-default}`, the forms Claude Code expands in MCP server configurations. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * A server configuration's string with its environment variables expanded as Claude Code does for
 * `.mcp.json` and `~/.claude.json` (command, args, env, url, headers): an unset variable without a default
 * is left as written, and reported in `missing` so the caller can name it.
 */
export function expandEnvironment(
  text: string,
  environment: Readonly<NodeJS.ProcessEnv>,
  missing: Set<string>,
): string {
  return text.replace(VARIABLE, (match, name: string, fallback: string | undefined) => {
    const value = environment[name];
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    missing.add(name);
    return match;
  });
}
