import { version } from '../../common/version.js';
import type { McpServerConfig } from '../../settings/mcp/mcp-server-config.js';
import type { ScrubSetting } from '../process/hook-environment.js';
import { withheldVariables } from '../process/secret-variables.js';

/** The SDK package hookwire calls MCP tools through: an optional peer, imported only by mcp_tool hooks. */
export const MCP_SDK_PACKAGE = '@modelcontextprotocol/client';

/** The part of the SDK's Client a hook needs. */
export interface McpClient {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options: { signal: AbortSignal; timeout: number },
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

interface Connection {
  readonly client: Promise<McpClient>;
  /** The stdio server's process id once started (null before, and for http), so that it can be ended. */
  pid: () => number | null;
}

// One connection per server configuration and environment for the life of the process (a daemon keeps it
// warm), the least recently used ended past MAX_CONNECTIONS: a daemon serving many sessions, each with an
// environment of its own, does not keep a server for every one.
const connections = new Map<string, Connection>();
const MAX_CONNECTIONS = 16;
let exitHookInstalled = false;

/** Whether the SDK is installed; the import is cached by the module loader. */
export async function loadMcpSdk(): Promise<boolean> {
  try {
    await import('@modelcontextprotocol/client');
    return true;
  } catch {
    return false;
  }
}

/**
 * The environment a stdio server starts with, as Claude Code gives it (observed in 2.1.332: compat/, the
 * process records): the event's whole environment, less what a scrubbing engine withholds from hooks, then
 * the server's `env`. The SDK spreads its own default set (HOME, LOGNAME, PATH, SHELL, TERM, USER), read
 * from this process, under what it is given; each of those the event lacks is given as undefined, which
 * spawn leaves out, so that a daemon's own variables never reach the server.
 */
export function mcpServerEnvironment(
  environment: Readonly<NodeJS.ProcessEnv>,
  serverEnvironment: Readonly<Record<string, string>>,
  scrub: ScrubSetting,
  sdkDefaults: readonly string[],
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = Object.fromEntries(
    sdkDefaults.map((name) => [name, undefined]),
  );
  const withheld = new Set(scrub === null ? [] : withheldVariables(environment, scrub.keep));
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && !withheld.has(name)) result[name] = value;
  }
  return Object.assign(result, serverEnvironment);
}

/**
 * A connected client for `server` started with `environment` (the event's own: a daemon's process
 * environment is none of its clients'), reused across hooks of this process and, in a daemon, across the
 * events that bring the same environment.
 */
export function connectMcpServer(
  server: McpServerConfig,
  cwd: string,
  environment: Readonly<NodeJS.ProcessEnv> = process.env,
  scrub: ScrubSetting = null,
): Promise<McpClient> {
  const key = connectionKey(server, environment, scrub);
  const existing = connections.get(key);
  if (existing) {
    connections.delete(key);
    connections.set(key, existing);
    return existing.client;
  }
  const connection: Connection = { pid: () => null, client: Promise.resolve(null as never) };
  const client = open(server, cwd, environment, scrub, connection);
  (connection as { client: Promise<McpClient> }).client = client;
  connections.set(key, connection);
  for (const [oldest, old] of connections) {
    if (connections.size <= MAX_CONNECTIONS) break;
    connections.delete(oldest);
    endConnection(old);
  }
  // A connection that failed is not kept: the next hook tries again.
  client.catch(() => {
    if (connections.get(key) === connection) connections.delete(key);
  });
  return client;
}

/** A stdio server's environment is part of what it is; an http server's connection does not depend on it. */
function connectionKey(
  server: McpServerConfig,
  environment: Readonly<NodeJS.ProcessEnv>,
  scrub: ScrubSetting,
) {
  if (server.transport !== 'stdio') return JSON.stringify(server);
  const keep = scrub === null ? null : [...scrub.keep].sort();
  return JSON.stringify([server, Object.entries(environment).sort(([a], [b]) => (a < b ? -1 : 1)), keep]);
}

function endConnection(connection: Connection): void {
  killConnection(connection);
  connection.client.then((client) => client.close()).catch(() => undefined);
}

/**
 * Ends the connections to `server` (their stdio processes with them), after a timeout or a transport error,
 * so that a server that never answers is not left running.
 */
export async function dropMcpServer(server: McpServerConfig): Promise<void> {
  const prefix = JSON.stringify(server);
  const dropped = [...connections].filter(([key]) => key === prefix || key.startsWith(`[${prefix},`));
  for (const [key] of dropped) connections.delete(key);
  for (const [, connection] of dropped) killConnection(connection);
  await Promise.all(dropped.map(([, c]) => c.client.then((client) => client.close()).catch(() => undefined)));
}

/** Ends every connection: the engine's close. */
export async function closeMcpConnections(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  for (const connection of open) killConnection(connection);
  await Promise.all(open.map((c) => c.client.then((client) => client.close()).catch(() => undefined)));
}

async function open(
  server: McpServerConfig,
  cwd: string,
  environment: Readonly<NodeJS.ProcessEnv>,
  scrub: ScrubSetting,
  connection: Connection,
): Promise<McpClient> {
  const sdk = await import('@modelcontextprotocol/client');
  const client = new sdk.Client({ name: 'hookwire', version });
  if (server.transport === 'stdio') {
    const { StdioClientTransport, DEFAULT_INHERITED_ENV_VARS } = await import(
      '@modelcontextprotocol/client/stdio'
    );
    const transport = new StdioClientTransport({
      command: server.command,
      args: [...server.args],
      // Undefined values are names spawn leaves out (mcpServerEnvironment); the SDK's type does not say so.
      env: mcpServerEnvironment(environment, server.env, scrub, DEFAULT_INHERITED_ENV_VARS) as Record<
        string,
        string
      >,
      cwd,
      stderr: 'ignore',
    });
    installExitHook();
    connection.pid = () => transport.pid ?? null;
    await client.connect(transport);
  } else {
    const url = new URL(server.url);
    const requestInit = { headers: { ...server.headers } };
    const transport =
      server.transport === 'sse'
        ? new sdk.SSEClientTransport(url, { requestInit })
        : new sdk.StreamableHTTPClientTransport(url, { requestInit });
    await client.connect(transport);
  }
  return client as McpClient;
}

function killConnection(connection: Connection): void {
  const pid = connection.pid();
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The stdio servers are ours: none outlives this process, whatever ends it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const connection of connections.values()) killConnection(connection);
  });
}
