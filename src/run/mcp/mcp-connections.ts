import { version } from '../../common/version.js';
import type { McpServerConfig } from '../../settings/mcp/mcp-server-config.js';

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

// One connection per server configuration for the life of the process (a daemon keeps it warm).
const connections = new Map<string, Connection>();
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
 * A connected client for `server`, reused across hooks of this process (and across the events of a daemon).
 * A stdio server inherits the SDK's safe variables (PATH, HOME, ...) from `environment`, the event's own:
 * a daemon's process environment is none of its clients'.
 */
export function connectMcpServer(
  server: McpServerConfig,
  cwd: string,
  environment: Readonly<NodeJS.ProcessEnv> = process.env,
): Promise<McpClient> {
  const key = JSON.stringify(server);
  const existing = connections.get(key);
  if (existing) return existing.client;
  const connection: Connection = { pid: () => null, client: Promise.resolve(null as never) };
  const client = open(server, cwd, environment, connection);
  (connection as { client: Promise<McpClient> }).client = client;
  connections.set(key, connection);
  // A connection that failed is not kept: the next hook tries again.
  client.catch(() => {
    if (connections.get(key) === connection) connections.delete(key);
  });
  return client;
}

/**
 * Ends the connection to `server` (its stdio process with it), after a timeout or a transport error, so
 * that a server that never answers is not left running.
 */
export async function dropMcpServer(server: McpServerConfig): Promise<void> {
  const key = JSON.stringify(server);
  const connection = connections.get(key);
  if (!connection) return;
  connections.delete(key);
  killConnection(connection);
  await connection.client.then((client) => client.close()).catch(() => undefined);
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
  connection: Connection,
): Promise<McpClient> {
  const sdk = await import('@modelcontextprotocol/client');
  const client = new sdk.Client({ name: 'hookwire', version });
  if (server.transport === 'stdio') {
    const { StdioClientTransport, DEFAULT_INHERITED_ENV_VARS } = await import(
      '@modelcontextprotocol/client/stdio'
    );
    // The SDK's getDefaultEnvironment, read from the event's environment rather than this process's.
    const inherited = Object.fromEntries(
      DEFAULT_INHERITED_ENV_VARS.flatMap((key) => {
        const value = environment[key];
        return value === undefined || value.startsWith('()') ? [] : [[key, value]];
      }),
    );
    const transport = new StdioClientTransport({
      command: server.command,
      args: [...server.args],
      env: { ...inherited, ...server.env },
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
