import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { client, clientBinary, daemonWorld, until } from './daemon-harness.js';

// The daemon keeps an mcp_tool hook's MCP connection warm: the next event reuses it (the fixture server
// counts its initialize requests), and it ends with the daemon, its stdio server with it.
const SERVER = resolve(import.meta.dirname, '..', 'fixtures', 'mcp', 'guard-server.mjs');
const binary = clientBinary();
const worlds: Array<ReturnType<typeof daemonWorld>> = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stop();
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
const lines = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];

describe.skipIf(binary === undefined)('hookwire daemon and mcp_tool hooks', () => {
  it('reuses the MCP connection for the next event, and ends its server at the idle exit', async () => {
    const w = daemonWorld();
    worlds.push(w);
    const initialized = join(w.base, 'initialized');
    const started = join(w.base, 'started');
    const servers = join(w.base, 'servers.json');
    writeFileSync(
      servers,
      JSON.stringify({
        mcpServers: {
          guards: {
            command: process.execPath,
            args: [SERVER],
            env: { MCP_INITIALIZE_FILE: initialized, MCP_STARTED_FILE: started },
          },
        },
      }),
    );
    const hook = {
      type: 'mcp_tool',
      server: 'guards',
      tool: 'guard',
      input: { command: '${tool_input.command}' },
    };
    const file = w.hooks({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } });
    const env = { ...w.env, HOOKWIRE_DAEMON_IDLE_MS: '1500' };
    const args = ['--settings', file, '--mcp-config', servers];
    for (const command of ['rm -rf a', 'rm -rf b']) {
      const answer = await client(binary as string, args, w.payload({ tool_input: { command } }), env);
      expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecisionReason).toBe(
        `MCP guard: no rm (${JSON.stringify({ command })})`,
      );
    }
    expect(w.daemonPids()).toHaveLength(1);
    expect(lines(initialized)).toHaveLength(1);
    const [server] = lines(started);
    expect(isRunning(server as number)).toBe(true);
    // Idle, the daemon stops, and the server it started goes with it.
    await until(() => w.daemonLog().includes('stopping: idle'));
    await until(() => !w.daemonPids().some(isRunning));
    await until(() => !isRunning(server as number));
  });
});
