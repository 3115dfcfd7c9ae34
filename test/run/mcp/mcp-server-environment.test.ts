import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Engine, EngineOptions } from '../../../src/engine/engine.js';
import { closeMcpConnections, mcpServerEnvironment } from '../../../src/run/mcp/mcp-connections.js';
import { temporaryHome } from '../../engine/engine-harness.js';

// Claude Code 2.1.332 starts a stdio MCP server with its whole environment and the server's `env` on top
// (compat/: the process records of M01). An mcp_tool hook's server must see the same: the event's
// environment, not the MCP SDK's default set, and not the daemon's own.
const SERVER = resolve(import.meta.dirname, '..', '..', 'fixtures', 'mcp', 'guard-server.mjs');
const homes: Array<ReturnType<typeof temporaryHome>> = [];
const engines: Engine[] = [];

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await closeMcpConnections();
  for (const home of homes.splice(0)) home.remove();
});

const write = (file: string, value: unknown) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
};

type Source = 'user' | 'project' | 'mcp-config' | 'plugin';

/** An engine whose one PreToolUse hook calls the fixture server, configured in `source`. */
async function engineWith(
  source: Source,
  hostEnvironment: NodeJS.ProcessEnv,
  options: Partial<EngineOptions> = {},
  shared?: string,
) {
  const home = temporaryHome();
  homes.push(home);
  const environmentFile = shared ?? join(home.root, 'environments.jsonl');
  const guards = {
    command: process.execPath,
    args: [SERVER],
    env: { MCP_ENVIRONMENT_FILE: environmentFile },
  };
  const servers = { mcpServers: { guards } };
  let server = 'guards';
  let extra: Partial<EngineOptions> = {};
  if (source === 'user') write(join(home.options.homeDir, '.claude.json'), servers);
  if (source === 'project') write(join(home.options.projectDir, '.mcp.json'), servers);
  if (source === 'mcp-config') extra = { mcpConfig: [JSON.stringify(servers)] };
  if (source === 'plugin') {
    const plugin = join(home.root, 'guard-plugin');
    write(join(plugin, '.claude-plugin', 'plugin.json'), { name: 'guard' });
    write(join(plugin, '.mcp.json'), servers);
    server = 'plugin:guard:guards';
    extra = { plugins: [plugin] };
  }
  mkdirSync(home.options.homeDir, { recursive: true });
  const engine = await createEngine({
    ...home.options,
    ...extra,
    ...options,
    hostEnvironment,
    settings: [
      {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'mcp_tool', server, tool: 'plain', input: {} }] }],
        },
      },
    ],
  });
  engines.push(engine);
  const fire = async () => {
    const outcome = await engine.fire('PreToolUse', {
      session_id: 's',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
    });
    expect(outcome.runs[0]?.status).toBe('success');
  };
  const seen = (): Array<Record<string, string>> =>
    existsSync(environmentFile)
      ? readFileSync(environmentFile, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
      : [];
  return { fire, seen, environmentFile };
}

/** An event's environment: no SHELL, TERM, USER or LOGNAME, which this test process may well have. */
const eventEnvironment = (probe: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: '/nonexistent-home',
  MCP_ENV_PROBE: probe,
  HTTPS_PROXY: 'http://127.0.0.1:9',
  GITHUB_TOKEN: `ghp_${'a'.repeat(36)}`,
});

describe.each(['user', 'project', 'mcp-config', 'plugin'] as const)(
  'a stdio MCP server from %s',
  (source) => {
    it("starts with the event's whole environment and its own env, nothing else", async () => {
      const environment = eventEnvironment('probe');
      const { fire, seen, environmentFile } = await engineWith(source, environment);
      await fire();
      const [started] = seen();
      expect(started).toEqual({ ...environment, MCP_ENVIRONMENT_FILE: environmentFile });
    });
  },
);

describe('a stdio MCP server', () => {
  it('loses what a scrubbing engine withholds from hooks, and only that', async () => {
    const environment = eventEnvironment('probe');
    const { fire, seen, environmentFile } = await engineWith('user', environment, { scrubSecrets: true });
    await fire();
    const { GITHUB_TOKEN: _withheld, ...rest } = environment;
    expect(seen()[0]).toEqual({ ...rest, MCP_ENVIRONMENT_FILE: environmentFile });
  });

  it("is started again for an event with another environment (a daemon's next client), not reused", async () => {
    // The same server configuration (one --mcp-config text), kept warm between engines as by the daemon.
    const home = temporaryHome();
    homes.push(home);
    const file = join(home.root, 'environments.jsonl');
    const warm = { keepMcpConnections: true };
    const first = await engineWith('mcp-config', eventEnvironment('first'), warm, file);
    await first.fire();
    await first.fire();
    const again = await engineWith('mcp-config', eventEnvironment('first'), warm, file);
    await again.fire();
    const second = await engineWith('mcp-config', eventEnvironment('second'), warm, file);
    await second.fire();
    // One start for the environment seen three times, one more for the other: none answered from the wrong one.
    expect(first.seen().map((e) => e.MCP_ENV_PROBE)).toEqual(['first', 'second']);
  });

  it('negative control: the SDK default set alone would have lost the probe', () => {
    const environment = eventEnvironment('probe');
    const given = mcpServerEnvironment(environment, {}, null, ['HOME', 'PATH', 'SHELL', 'TERM']);
    expect(given.MCP_ENV_PROBE).toBe('probe');
    expect(
      Object.keys(given)
        .filter((name) => given[name] !== undefined)
        .sort(),
    ).toEqual(Object.keys(environment).sort());
    // Names of the SDK's set that the event lacks are present as undefined: spawn leaves them out.
    expect('SHELL' in given && given.SHELL === undefined).toBe(true);
  });
});
