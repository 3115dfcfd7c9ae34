import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Engine } from '../../../src/engine/engine.js';
import { closeMcpConnections } from '../../../src/run/mcp/mcp-connections.js';
import { temporaryHome } from '../../engine/engine-harness.js';

const SERVER = resolve(import.meta.dirname, '..', '..', 'fixtures', 'mcp', 'guard-server.mjs');
const homes: Array<ReturnType<typeof temporaryHome>> = [];
const engines: Engine[] = [];
const httpServers: Array<ReturnType<typeof spawn>> = [];

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await closeMcpConnections();
  for (const home of homes.splice(0)) home.remove();
});
afterAll(() => {
  for (const child of httpServers) child.kill('SIGKILL');
});

/** The pids of the stdio servers started so far, none of which may still be running once closed. */
function startedPids(root: string): number[] {
  const file = join(root, 'started');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);
}
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function httpServerUrl(root: string): Promise<string> {
  const portFile = join(root, 'port');
  const child = spawn(process.execPath, [SERVER, '--http', portFile], { stdio: 'ignore' });
  httpServers.push(child);
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8') === '')
    await new Promise((done) => setTimeout(done, 10));
  return `http://127.0.0.1:${readFileSync(portFile, 'utf8')}/mcp`;
}

async function engineWith(handler: Record<string, unknown>, transport: 'stdio' | 'http' = 'stdio') {
  const home = temporaryHome();
  homes.push(home);
  mkdirSync(home.options.homeDir, { recursive: true });
  const guards =
    transport === 'stdio'
      ? { command: process.execPath, args: [SERVER], env: { MCP_STARTED_FILE: join(home.root, 'started') } }
      : { type: 'http', url: await httpServerUrl(home.root) };
  writeFileSync(join(home.options.homeDir, '.claude.json'), JSON.stringify({ mcpServers: { guards } }));
  const engine = await createEngine({
    ...home.options,
    hostEnvironment: { ...process.env, HOME: home.options.homeDir },
    settings: [
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'mcp_tool',
                  server: 'guards',
                  tool: 'guard',
                  input: {
                    command: '${tool_input.command}',
                    tool: '${tool_name}',
                    missing: '${nothing.here}',
                  },
                  ...handler,
                },
              ],
            },
          ],
        },
      },
    ],
  });
  engines.push(engine);
  return { engine, root: home.root };
}

const bash = (command: string) => ({
  session_id: 's',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: 'toolu_1',
});

describe.each(['stdio', 'http'] as const)('an mcp_tool hook over %s', (transport) => {
  it('denies with the tool input interpolated from the hook input', async () => {
    const { engine } = await engineWith({}, transport);
    const outcome = await engine.fire('PreToolUse', bash('rm -rf build'));
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toBe('MCP guard: no rm ({"command":"rm -rf build","tool":"Bash","missing":""})');
    expect((await engine.fire('PreToolUse', bash('ls'))).decision).toBeNull();
  });

  it('reads an isError answer as a non-blocking error, a deny under onFailure: "block"', async () => {
    const { engine } = await engineWith({ tool: 'fail' }, transport);
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]?.status).toBe('non_blocking_error');
    expect(outcome.runs[0]?.error).toBe(
      "[mcp__guards__fail]: MCP tool 'fail' on server 'guards' returned an error: the guard broke",
    );
    const { engine: blocking } = await engineWith({ tool: 'fail', onFailure: 'block' }, transport);
    expect((await blocking.fire('PreToolUse', bash('ls'))).decision).toBe('deny');
  });

  it('times out a server that never answers', async () => {
    const { engine, root } = await engineWith({ tool: 'hang', timeout: 1, onFailure: 'block' }, transport);
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.runs[0]?.status).toBe('blocking');
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toContain('timed out');
    for (const pid of startedPids(root)) expect(isRunning(pid)).toBe(false);
  });
});

describe('an mcp_tool hook', () => {
  it('reuses one server process for the hooks of a process', async () => {
    const { engine, root } = await engineWith({});
    await engine.fire('PreToolUse', bash('rm a'));
    await engine.fire('PreToolUse', bash('rm b'));
    expect(startedPids(root)).toHaveLength(1);
    await closeMcpConnections();
    for (const pid of startedPids(root)) expect(isRunning(pid)).toBe(false);
  });

  it('reads a server that crashes as a failure, and starts it again for the next hook', async () => {
    const { engine, root } = await engineWith({ tool: 'crash' });
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]?.status).toBe('non_blocking_error');
    await engine.fire('PreToolUse', bash('ls'));
    expect(startedPids(root)).toHaveLength(2);
  });

  it('reads a server that is not configured as "not connected", non-blocking', async () => {
    const { engine } = await engineWith({ server: 'nowhere' });
    const outcome = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]?.error).toBe("[mcp__nowhere__guard]: MCP server 'nowhere' not connected");
  });

  it('reads plain text as success, and as no verdict (a deny) under onFailure: "block"', async () => {
    const { engine } = await engineWith({ tool: 'plain' });
    expect((await engine.fire('PreToolUse', bash('ls'))).runs[0]?.status).toBe('success');
    const { engine: blocking } = await engineWith({ tool: 'plain', onFailure: 'block' });
    expect((await blocking.fire('PreToolUse', bash('ls'))).decision).toBe('deny');
  });
});
