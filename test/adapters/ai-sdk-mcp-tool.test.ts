import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AiSdkHooks, createAiSdkHooks } from '../../src/adapters/ai-sdk/index.js';
import { scriptedModel, toolOutputsSent } from './ai-sdk-model.js';
import { temporaryProject } from './helpers.js';
import { callBash } from './scenario-settings.js';

// An mcp_tool guard through the AI SDK adapter: the real AI SDK loop, the real MCP server fixture over stdio
// (found through the engine's mcpConfig, as `--mcp-config` gives it), the tool input interpolated.
const SERVER = resolve(import.meta.dirname, '..', 'fixtures', 'mcp', 'guard-server.mjs');

let directory: ReturnType<typeof temporaryProject>;
let session: AiSdkHooks | undefined;
beforeEach(() => {
  directory = temporaryProject();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  directory.cleanup();
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('an mcp_tool guard under hookwire/ai-sdk', () => {
  it('denies the tool call: the tool never runs and the model reads the MCP tool’s reason', async () => {
    const started = join(directory.path, 'started');
    const servers = {
      mcpServers: {
        guards: { command: process.execPath, args: [SERVER], env: { MCP_STARTED_FILE: started } },
      },
    };
    const hook = {
      type: 'mcp_tool' as const,
      server: 'guards',
      tool: 'guard',
      input: { command: '${tool_input.command}' },
    };
    session = createAiSdkHooks({
      sessionId: 'session-1',
      cwd: directory.path,
      engineOptions: {
        ...directory.engineOptions({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }),
        mcpConfig: [JSON.stringify(servers)],
      },
    });
    const ran: unknown[] = [];
    const bash = tool({
      description: 'Runs a shell command.',
      inputSchema: z.object({ command: z.string() }),
      execute: async (input) => {
        ran.push(input);
        return `ran ${input.command}`;
      },
    });
    const model = scriptedModel([callBash('rm -rf /'), callBash('ls'), { text: 'ok' }]);
    await session.generateText({
      model,
      tools: { Bash: bash },
      prompt: 'clean up',
      stopWhen: stepCountIs(5),
    });
    expect(toolOutputsSent(model.doGenerateCalls[1]!)).toEqual({
      'call-1': { type: 'error-text', value: 'MCP guard: no rm ({"command":"rm -rf /"})' },
    });
    expect(ran).toEqual([{ command: 'ls' }]);
    await session.close();
    session = undefined;
    const pids = existsSync(started) ? readFileSync(started, 'utf8').trim().split('\n').map(Number) : [];
    expect(pids).toHaveLength(1);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });
});
