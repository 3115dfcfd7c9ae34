import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { createHookServer, type HookServer } from '../../src/server/hook-server.js';
import { startAnthropicStandIn } from '../fixtures/model/anthropic-stand-in.js';
import type { StandInServer } from '../fixtures/model/scripted-reply.js';

const TOKEN = 'confinement-token';
let sandbox: string;
let serverDirectory: string;
let clientDirectory: string;
let secretFile: string;
const started: { server: HookServer; model: StandInServer }[] = [];

/** A hook script that says which copy of it ran, and in which directory. */
async function checkScript(directory: string, name: string): Promise<void> {
  const file = path.join(directory, 'check.sh');
  await writeFile(
    file,
    `#!/bin/sh\nprintf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"${name} script in %s"}}' "$PWD"\n`,
  );
  await chmod(file, 0o755);
}

beforeAll(async () => {
  sandbox = await realpath(await mkdtemp(path.join(tmpdir(), 'hookwire-serve-confine-')));
  serverDirectory = path.join(sandbox, 'server');
  clientDirectory = path.join(sandbox, 'client');
  await mkdir(serverDirectory);
  await mkdir(clientDirectory);
  await checkScript(serverDirectory, 'server');
  await checkScript(clientDirectory, 'client');
  secretFile = path.join(sandbox, 'shadow');
  await writeFile(secretFile, 'root:TOP-SECRET-HASH:19000:0:99999:7:::\n');
});
afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});
afterEach(async () => {
  for (const { server, model } of started.splice(0)) {
    await server.close();
    await model.close();
  }
});

/**
 * A serve instance in `serverDirectory`: Bash runs `./check.sh`, Read asks an agent (a stand-in model that
 * reads the transcript, then denies with what the Transcript tool answered as its reason).
 */
async function startServer(clientDirectories?: readonly string[]) {
  const model = await startAnthropicStandIn((_index, body) => {
    const last = (body.messages as { content: unknown }[]).at(-1)!.content;
    const result = Array.isArray(last)
      ? (last as { type: string; content?: string }[]).find((block) => block.type === 'tool_result')
      : undefined;
    if (result === undefined) return { toolCalls: [{ name: 'Transcript', input: {} }] };
    return { toolCalls: [{ name: 'submit_verdict', input: { ok: false, reason: String(result.content) } }] };
  });
  const engine = await createEngine({
    cwd: serverDirectory,
    projectDir: serverDirectory,
    homeDir: sandbox,
    managedSettingsPath: path.join(sandbox, 'no-managed.json'),
    deepAgentsPath: path.join(sandbox, 'no-deepagents.json'),
    model: { provider: 'anthropic', baseURL: model.baseURL, apiKey: 'test-key', defaultModel: 'judge-1' },
    settings: [
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh' }] },
            {
              matcher: 'Read',
              hooks: [{ type: 'agent', prompt: 'Judge: $ARGUMENTS', tools: ['Transcript'] }],
            },
          ],
        },
      },
    ],
  });
  const server = createHookServer({
    engine,
    token: TOKEN,
    fallbackCwd: serverDirectory,
    ...(clientDirectories === undefined ? {} : { clientDirectories }),
  });
  const { url } = await server.listen(0, '127.0.0.1');
  started.push({ server, model });
  return async (payload: Record<string, unknown>) => {
    const response = await fetch(`${url}/hooks/PreToolUse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', ...payload }),
    });
    return (await response.json()) as { hookSpecificOutput?: Record<string, unknown> };
  };
}

describe('serve: what a network client may name on the server', () => {
  it('hooks run in the server directory, whatever cwd the client names', async () => {
    const post = await startServer();
    const answer = await post({ cwd: clientDirectory, tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(answer.hookSpecificOutput?.additionalContext).toBe(`server script in ${serverDirectory}`);
  });

  it("the agent's Transcript tool reads no file the client names", async () => {
    const post = await startServer();
    const answer = await post({
      cwd: serverDirectory,
      transcript_path: secretFile,
      tool_name: 'Read',
      tool_input: { file_path: 'x' },
    });
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(JSON.stringify(answer)).not.toContain('TOP-SECRET');
    expect(answer.hookSpecificOutput?.permissionDecisionReason).toContain(
      'this event has no transcript_path',
    );
  });

  it('inside a directory the operator shared, the client cwd and transcript are used', async () => {
    const transcript = path.join(clientDirectory, 'session.jsonl');
    await writeFile(transcript, '{"type":"user","text":"shared transcript line"}\n');
    const post = await startServer([clientDirectory]);
    const ran = await post({ cwd: clientDirectory, tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(ran.hookSpecificOutput?.additionalContext).toBe(`client script in ${clientDirectory}`);
    const read = await post({ transcript_path: transcript, tool_name: 'Read', tool_input: {} });
    expect(read.hookSpecificOutput?.permissionDecisionReason).toContain('shared transcript line');
    // A symlink inside the shared directory that leads out of it is refused like any outside path.
    await symlink(secretFile, path.join(clientDirectory, 'link.jsonl'));
    const linked = await post({
      transcript_path: path.join(clientDirectory, 'link.jsonl'),
      tool_name: 'Read',
      tool_input: {},
    });
    expect(JSON.stringify(linked)).not.toContain('TOP-SECRET');
  });
});
