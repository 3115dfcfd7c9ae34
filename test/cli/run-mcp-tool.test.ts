import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookInput, runCli } from './run-cli.js';

const SERVER = resolve(import.meta.dirname, '..', 'fixtures', 'mcp', 'guard-server.mjs');
const home = mkdtempSync(join(tmpdir(), 'hookwire-mcp-run-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const started = join(home, 'started');
writeFileSync(
  join(home, '.claude.json'),
  JSON.stringify({
    mcpServers: {
      guards: { command: process.execPath, args: [SERVER], env: { MCP_STARTED_FILE: started } },
    },
  }),
);
const settings = join(home, 'settings.json');
writeFileSync(
  settings,
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            {
              type: 'mcp_tool',
              server: 'guards',
              tool: 'guard',
              input: { command: '${tool_input.command}' },
            },
          ],
        },
      ],
    },
  }),
);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.each([
  ['from source', undefined],
  ['built', ['dist/hookwire.cjs']],
] as const)('hookwire run with an mcp_tool guard (%s)', (_how, entry) => {
  it('denies the tool call, answers, and leaves no server process behind', async () => {
    const input = hookInput('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /tmp/x' },
      tool_use_id: 'toolu_1',
    });
    const result = await runCli(['run', '--settings', settings], input, { HOME: home }, entry);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'MCP guard: no rm ({"command":"rm -rf /tmp/x"})',
      },
    });
    const pids = readFileSync(started, 'utf8').trim().split('\n').map(Number);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });
});
