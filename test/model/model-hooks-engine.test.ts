import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { startAnthropicStandIn } from '../fixtures/model/anthropic-stand-in.js';
import { startOpenAIStandIn } from '../fixtures/model/openai-stand-in.js';
import type { StandInServer } from '../fixtures/model/scripted-reply.js';

let sandbox: string;
const servers: StandInServer[] = [];
beforeAll(async () => {
  sandbox = await realpath(await mkdtemp(path.join(tmpdir(), 'hookwire-model-engine-')));
  await writeFile(path.join(sandbox, 'TODO.md'), '- [ ] write the tests\n');
});
afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** An engine isolated from the real home and managed settings, with the model pointed at a stand-in. */
async function engineWith(settings: Record<string, unknown>, model: Record<string, string>) {
  return createEngine({
    cwd: sandbox,
    projectDir: sandbox,
    homeDir: sandbox,
    managedSettingsPath: path.join(sandbox, 'managed-settings.json'),
    deepAgentsPath: path.join(sandbox, 'deepagents-hooks.json'),
    settings: [settings],
    model: { apiKey: 'test-key', defaultModel: 'judge-1', ...model },
  });
}

describe('prompt and agent hooks through engine.fire', () => {
  it('a prompt hook denies a PreToolUse call', async () => {
    const server = await startAnthropicStandIn([{ text: '{"ok": false, "reason": "no force pushes"}' }]);
    servers.push(server);
    const engine = await engineWith(
      {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' }] }],
        },
      },
      { provider: 'anthropic', baseURL: server.baseURL },
    );
    try {
      const outcome = await engine.fire('PreToolUse', {
        session_id: 'session-1',
        tool_name: 'Bash',
        tool_input: { command: 'git push --force' },
      });
      expect(outcome.decision).toBe('deny');
      expect(outcome.reason).toContain('no force pushes');
      expect(outcome.runs[0]).toMatchObject({ type: 'prompt', status: 'blocking' });
      expect(outcome.runs[0]?.details).toMatchObject({ provider: 'anthropic', verdict: { ok: false } });
      const sent = (server.requests[0]!.messages as { content: string }[])[0]!.content;
      expect(sent).toContain('"tool_input":{"command":"git push --force"}');
    } finally {
      await engine.close();
    }
  });

  it('an agent hook blocks Stop after reading a file', async () => {
    const server = await startOpenAIStandIn([
      { toolCalls: [{ name: 'Read', input: { path: 'TODO.md' } }] },
      {
        toolCalls: [
          { name: 'submit_verdict', input: { ok: false, reason: 'TODO.md still lists unwritten tests' } },
        ],
      },
    ]);
    servers.push(server);
    const engine = await engineWith(
      {
        hooks: {
          Stop: [{ hooks: [{ type: 'agent', prompt: 'Is the work finished? $ARGUMENTS', maxTurns: 5 }] }],
        },
      },
      { provider: 'openai', baseURL: `${server.baseURL}/v1` },
    );
    try {
      const outcome = await engine.fire('Stop', { session_id: 'session-1', stop_hook_active: false });
      expect(outcome.decision).toBe('block');
      expect(outcome.reason).toContain('TODO.md still lists unwritten tests');
      expect(outcome.runs[0]).toMatchObject({ type: 'agent', status: 'blocking' });
      expect(outcome.runs[0]?.details).toMatchObject({ turns: 2, conversation: [{ turn: 1 }, { turn: 2 }] });
    } finally {
      await engine.close();
    }
  });

  it('an API error is a non-blocking error, or a block under onFailure "block"', async () => {
    const server = await startAnthropicStandIn(() => ({ status: 500, message: 'down' }));
    servers.push(server);
    const engine = await engineWith(
      {
        hooks: {
          PreToolUse: [
            { hooks: [{ type: 'prompt', prompt: 'first' }] },
            { hooks: [{ type: 'prompt', prompt: 'second', onFailure: 'block' }] },
          ],
        },
      },
      { provider: 'anthropic', baseURL: server.baseURL },
    );
    try {
      const outcome = await engine.fire('PreToolUse', { session_id: 's', tool_name: 'Bash', tool_input: {} });
      expect(outcome.runs.map((run) => run.status)).toEqual(['non_blocking_error', 'blocking']);
      expect(outcome.runs[0]?.error).toContain('anthropic judge-1: API error 500: down');
      expect(outcome.decision).toBe('deny');
    } finally {
      await engine.close();
    }
  });
});
