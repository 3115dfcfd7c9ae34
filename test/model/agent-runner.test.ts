import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAgentHook } from '../../src/run/agent-runner.js';
import type { ModelProvider } from '../../src/run/model/model-options.js';
import type { AgentHandlerSettings } from '../../src/settings/settings-schema.js';
import { startAnthropicStandIn } from '../fixtures/model/anthropic-stand-in.js';
import { modelHookRequest } from '../fixtures/model/model-hook-request.js';
import { startOpenAIStandIn } from '../fixtures/model/openai-stand-in.js';
import type { Script, StandInServer } from '../fixtures/model/scripted-reply.js';

let sandbox: string;
let project: string;
let transcript: string;
const servers: StandInServer[] = [];

beforeAll(async () => {
  sandbox = await realpath(await mkdtemp(path.join(tmpdir(), 'hookwire-agent-')));
  project = path.join(sandbox, 'project');
  await mkdir(path.join(project, 'src'), { recursive: true });
  await writeFile(
    path.join(project, 'src', 'config.ts'),
    'export const mode = "production";\nexport const debug = false;\n',
  );
  await writeFile(path.join(project, 'README.md'), '# Demo\nDo not delete the build directory.\n');
  await writeFile(path.join(sandbox, 'secret.txt'), 'TOP-SECRET-OUTSIDE\n');
  await symlink(path.join(sandbox, 'secret.txt'), path.join(project, 'escape.txt'));
  transcript = path.join(sandbox, 'transcript.jsonl');
  await writeFile(
    transcript,
    '{"type":"user","text":"please clean up"}\n{"type":"assistant","text":"running rm"}\n',
  );
});
afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const providers: {
  provider: ModelProvider;
  start: (script: Script) => Promise<StandInServer>;
  path: string;
}[] = [
  { provider: 'anthropic', start: startAnthropicStandIn, path: '' },
  { provider: 'openai', start: startOpenAIStandIn, path: '/v1' },
];

/** The tool results the runner sent back in a request, in neutral form. */
function toolResultsOf(
  provider: ModelProvider,
  body: Record<string, unknown>,
): { content: string; isError: boolean }[] {
  const messages = body.messages as Record<string, unknown>[];
  if (provider === 'openai') {
    const tail: { content: string; isError: boolean }[] = [];
    for (let index = messages.length - 1; index >= 0 && messages[index]!.role !== 'assistant'; index -= 1) {
      const message = messages[index]!;
      if (message.role === 'tool') {
        const content = String(message.content);
        tail.unshift({ content: content.replace(/^Error: /, ''), isError: content.startsWith('Error: ') });
      }
    }
    return tail;
  }
  const last = messages.at(-1) as { content: Record<string, unknown>[] };
  return last.content
    .filter((block) => block.type === 'tool_result')
    .map((block) => ({ content: String(block.content), isError: block.is_error === true }));
}

describe.each(providers)('agent hooks through the $provider SDK', ({ provider, start, path: prefix }) => {
  async function runWith(script: Script, handler: Partial<AgentHandlerSettings> = {}, timeoutMs?: number) {
    const server = await start(script);
    servers.push(server);
    const execution = await runAgentHook(
      modelHookRequest({
        handler: {
          type: 'agent',
          prompt: 'Check this command against the project rules: $ARGUMENTS',
          ...handler,
        },
        projectDir: project,
        payload: {
          hook_event_name: 'PreToolUse',
          session_id: 'session-1',
          transcript_path: transcript,
          cwd: project,
          tool_name: 'Bash',
          tool_input: { command: 'rm -rf build' },
        },
        model: {
          provider,
          baseURL: `${server.baseURL}${prefix}`,
          apiKey: 'test-key',
          defaultModel: 'judge-1',
        },
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      }),
    );
    return { execution, server };
  }

  it('reads a file and greps before denying, and records why', async () => {
    const { execution, server } = await runWith([
      { text: 'Let me look at the rules.', toolCalls: [{ name: 'Read', input: { path: 'README.md' } }] },
      { toolCalls: [{ name: 'Grep', input: { pattern: 'mode = "production"', glob: '*.ts' } }] },
      {
        toolCalls: [
          { name: 'submit_verdict', input: { ok: false, reason: 'README forbids deleting build' } },
        ],
      },
    ]);
    expect(execution.kind).toBe('completed');
    expect(execution.details?.verdict).toEqual({ ok: false, reason: 'README forbids deleting build' });
    expect(execution.verdict).toEqual({ ok: false, reason: 'README forbids deleting build' });
    expect(server.requests).toHaveLength(3);
    expect(toolResultsOf(provider, server.requests[1]!)).toEqual([
      {
        content: 'README.md (lines 1-2 of 2)\n     1\t# Demo\n     2\tDo not delete the build directory.',
        isError: false,
      },
    ]);
    expect(toolResultsOf(provider, server.requests[2]!)).toEqual([
      { content: 'src/config.ts:1: export const mode = "production";', isError: false },
    ]);
    const toolNames =
      provider === 'anthropic'
        ? (server.requests[0]!.tools as { name: string }[]).map((tool) => tool.name)
        : (server.requests[0]!.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(toolNames).toEqual(['Read', 'Grep', 'Glob', 'Transcript', 'submit_verdict']);
    expect(server.requests[0]!.tool_choice).toEqual(provider === 'anthropic' ? { type: 'any' } : 'required');
    expect(execution.details).toMatchObject({
      provider,
      model: 'judge-1',
      turns: 3,
      maxTurns: 50,
      conversation: [
        {
          turn: 1,
          text: 'Let me look at the rules.',
          toolCalls: [{ name: 'Read', input: '{"path":"README.md"}', isError: false }],
        },
        { turn: 2, toolCalls: [{ name: 'Grep', isError: false }] },
        { turn: 3, toolCalls: [{ name: 'submit_verdict', result: 'accepted', isError: false }] },
      ],
    });
  });

  it('fails when the model never calls the verdict tool within maxTurns', async () => {
    const { execution, server } = await runWith(
      () => ({ toolCalls: [{ name: 'Glob', input: { pattern: '**/*' } }] }),
      {
        maxTurns: 3,
      },
    );
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(
      `${provider} judge-1: no verdict after 3 turns (submit_verdict was never called)`,
    );
    expect(server.requests).toHaveLength(3);
    expect(execution.details).toMatchObject({ turns: 3, maxTurns: 3 });
  });

  it('refuses reads outside the project: absolute paths, ../ and symlinks', async () => {
    const { execution, server } = await runWith([
      {
        toolCalls: [
          { name: 'Read', input: { path: '/etc/passwd' } },
          { name: 'Read', input: { path: '../secret.txt' } },
          { name: 'Read', input: { path: 'escape.txt' } },
          { name: 'Grep', input: { pattern: 'SECRET', path: '..' } },
          { name: 'Glob', input: { pattern: '*', path: '/etc' } },
        ],
      },
      { toolCalls: [{ name: 'submit_verdict', input: { ok: false, reason: 'tried to escape' } }] },
    ]);
    expect(execution.kind).toBe('completed');
    const results = toolResultsOf(provider, server.requests[1]!);
    expect(results).toEqual(
      ['/etc/passwd', '../secret.txt', 'escape.txt', '..', '/etc'].map((requested) => ({
        content: `refused: ${requested} is outside the project directory; agent hooks may only read files inside it`,
        isError: true,
      })),
    );
    expect(JSON.stringify(server.requests)).not.toContain('TOP-SECRET-OUTSIDE');
    expect(JSON.stringify(server.requests)).not.toContain('root:');
  });

  it('reads the transcript named by the payload, which lies outside the project', async () => {
    const { execution, server } = await runWith([
      { toolCalls: [{ name: 'Transcript', input: {} }] },
      { toolCalls: [{ name: 'submit_verdict', input: { ok: true } }] },
    ]);
    expect(execution.details?.verdict).toEqual({ ok: true });
    expect(execution.verdict).toEqual({ ok: true });
    expect(toolResultsOf(provider, server.requests[1]!)).toEqual([
      {
        content:
          'transcript (lines 1-2 of 2)\n     1\t{"type":"user","text":"please clean up"}\n     2\t{"type":"assistant","text":"running rm"}',
        isError: false,
      },
    ]);
  });

  it('offers only the tools the handler names', async () => {
    const { execution, server } = await runWith(
      [
        { toolCalls: [{ name: 'Grep', input: { pattern: 'x' } }] },
        { toolCalls: [{ name: 'submit_verdict', input: { ok: true } }] },
      ],
      { tools: ['Read'] },
    );
    expect(execution.details).toMatchObject({ tools: ['Read'], verdict: { ok: true } });
    expect(toolResultsOf(provider, server.requests[1]!)).toEqual([
      { content: 'unknown tool Grep; available: Read, submit_verdict', isError: true },
    ]);
  });

  it('sends an invalid verdict back as a tool error and takes the corrected one', async () => {
    const { execution, server } = await runWith([
      { toolCalls: [{ name: 'submit_verdict', input: { reason: 'forgot ok' } }] },
      { toolCalls: [{ name: 'submit_verdict', input: { ok: true } }] },
    ]);
    expect(execution.details?.verdict).toEqual({ ok: true });
    expect(execution.verdict).toEqual({ ok: true });
    expect(toolResultsOf(provider, server.requests[1]!)).toEqual([
      { content: expect.stringMatching(/^the answer is not a verdict at ok: /), isError: true },
    ]);
  });

  it('fails on an API error mid-conversation', async () => {
    const { execution } = await runWith([
      { toolCalls: [{ name: 'Glob', input: { pattern: '*.md' } }] },
      { status: 500, message: 'overloaded' },
    ]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(`${provider} judge-1: API error 500: overloaded`);
    expect(execution.details).toMatchObject({ turns: 1 });
  });

  it('times out when the whole run passes its timeout', async () => {
    const { execution } = await runWith(
      [{ toolCalls: [{ name: 'Glob', input: { pattern: '*.md' } }] }, { text: 'thinking', delayMs: 10_000 }],
      {},
      500,
    );
    expect(execution.kind).toBe('timed_out');
    expect(execution.error).toBe(`${provider} judge-1: timed out after 0.5 s`);
  });

  it('fails on a refusal', async () => {
    const { execution } = await runWith([{ refusal: 'No.' }]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(`${provider} judge-1: the model refused: No.`);
  });
});
