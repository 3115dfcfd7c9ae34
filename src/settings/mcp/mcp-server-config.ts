import { isRecord } from '../../common/is-record.js';
import { expandEnvironment } from './expand-environment.js';

/** An MCP server as a hook calls it: a process on stdio, or a URL (streamable HTTP, or SSE). */
export type McpServerConfig =
  | {
      readonly transport: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly env: Readonly<Record<string, string>>;
    }
  | {
      readonly transport: 'http' | 'sse';
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
    };

/** Where a server was found, or why it cannot be used. */
export type FoundServer =
  | { readonly server: McpServerConfig; readonly file: string }
  | { readonly notConfigured: true }
  | { readonly unusable: string; readonly failClosed: boolean };

/**
 * One `mcpServers` entry as Claude Code reads it: `type` stdio (the default without a `url`) with `command`,
 * `args` and `env`, or `http` / `sse` with `url` and `headers`; `${VAR}` and `${VAR:-default}` expanded in
 * each of those strings from `environment`. A plugin's entries also get `${CLAUDE_PLUGIN_ROOT}` (in
 * `environment`). An entry hookwire cannot start, or one naming unset variables, is unusable, naming `file`.
 */
export function serverFromEntry(
  entry: unknown,
  name: string,
  file: string,
  environment: Readonly<NodeJS.ProcessEnv>,
): FoundServer {
  if (!isRecord(entry))
    return { unusable: `MCP server '${name}' in ${file} is not an object`, failClosed: false };
  const missing = new Set<string>();
  const expand = (text: string) => expandEnvironment(text, environment, missing);
  const strings = (value: unknown): Record<string, string> =>
    isRecord(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter((pair): pair is [string, string] => typeof pair[1] === 'string')
            .map(([key, text]) => [key, expand(text)]),
        )
      : {};
  const type = entry.type ?? (typeof entry.url === 'string' ? 'http' : 'stdio');
  let server: McpServerConfig;
  if (type === 'stdio' && typeof entry.command === 'string') {
    const args = Array.isArray(entry.args) ? entry.args.filter((arg) => typeof arg === 'string') : [];
    server = {
      transport: 'stdio',
      command: expand(entry.command),
      args: args.map(expand),
      env: strings(entry.env),
    };
  } else if ((type === 'http' || type === 'sse') && typeof entry.url === 'string') {
    server = { transport: type, url: expand(entry.url), headers: strings(entry.headers) };
  } else {
    return {
      unusable: `MCP server '${name}' in ${file}: type ${JSON.stringify(type)} needs a "command" (stdio) or a "url" (http, sse)`,
      failClosed: false,
    };
  }
  if (missing.size > 0) {
    return {
      unusable: `MCP server '${name}' in ${file}: environment variable(s) not set: ${[...missing].join(', ')}`,
      failClosed: false,
    };
  }
  return { server, file };
}
