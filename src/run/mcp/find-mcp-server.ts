import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../common/is-record.js';
import { parseJsonObject } from '../../common/parse-json-object.js';
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

/** Where Claude Code keeps the user's MCP servers, and the project whose entries count. */
export interface McpSearch {
  readonly homeDir: string;
  readonly projectDir: string;
  readonly environment: Readonly<NodeJS.ProcessEnv>;
}

/**
 * Finds the MCP server an mcp_tool hook names, where Claude Code keeps them: the project's entry in
 * `~/.claude.json` (`projects[<dir>].mcpServers`, `claude mcp add` with local scope), then the user's
 * (`mcpServers`, user scope). A server the project's `.mcp.json` defines is not started: that file is
 * checked-in code that hookwire would have to trust first, so such a hook fails closed, naming the file.
 */
export function findMcpServer(name: string, search: McpSearch): FoundServer {
  const userFile = join(search.homeDir, '.claude.json');
  const user = readJsonObject(userFile);
  const projects = isRecord(user?.projects) ? user.projects : {};
  const project = isRecord(projects[search.projectDir]) ? projects[search.projectDir] : {};
  for (const servers of [(project as Record<string, unknown>).mcpServers, user?.mcpServers]) {
    if (isRecord(servers) && Object.hasOwn(servers, name)) {
      return serverFrom(servers[name], name, userFile, search.environment);
    }
  }
  const projectFile = join(search.projectDir, '.mcp.json');
  const servers = readJsonObject(projectFile)?.mcpServers;
  if (isRecord(servers) && Object.hasOwn(servers, name)) {
    return {
      unusable: `MCP server '${name}' is defined in ${projectFile}, which hookwire does not start servers from yet`,
      failClosed: true,
    };
  }
  return { notConfigured: true };
}

function serverFrom(
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

function readJsonObject(file: string): Record<string, unknown> | undefined {
  try {
    return parseJsonObject(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
