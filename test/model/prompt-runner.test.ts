import { afterEach, describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../src/run/model/model-options.js';
import { runPromptHook } from '../../src/run/prompt-runner.js';
import { startAnthropicStandIn } from '../fixtures/model/anthropic-stand-in.js';
import { modelHookRequest } from '../fixtures/model/model-hook-request.js';
import { startOpenAIStandIn } from '../fixtures/model/openai-stand-in.js';
import type { Script, StandInServer } from '../fixtures/model/scripted-reply.js';

const servers: StandInServer[] = [];
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

describe.each(providers)('prompt hooks through the $provider SDK', ({ provider, start, path }) => {
  async function runWith(
    script: Script,
    options: { prompt?: string; timeoutMs?: number; signal?: AbortSignal } = {},
  ) {
    const server = await start(script);
    servers.push(server);
    const execution = await runPromptHook(
      modelHookRequest({
        handler: { type: 'prompt', prompt: options.prompt ?? 'Is this command safe? $ARGUMENTS' },
        model: { provider, baseURL: `${server.baseURL}${path}`, apiKey: 'test-key', defaultModel: 'judge-1' },
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      }),
    );
    return { execution, server };
  }

  it('allows on {"ok": true}', async () => {
    const { execution } = await runWith([{ text: '{"ok": true}' }]);
    expect(execution.kind).toBe('completed');
    expect(execution.output).toBeUndefined();
    expect(execution.details?.verdict).toEqual({ ok: true });
    expect(execution.verdict).toEqual({ ok: true });
    expect(execution.details).toMatchObject({ provider, model: 'judge-1' });
  });

  it('denies with the reason', async () => {
    const { execution } = await runWith([{ text: '{"ok": false, "reason": "deletes the build"}' }]);
    expect(execution.kind).toBe('completed');
    expect(execution.details?.verdict).toEqual({ ok: false, reason: 'deletes the build' });
    expect(execution.verdict).toEqual({ ok: false, reason: 'deletes the build' });
  });

  it('keeps impossible and accepts a fenced JSON answer', async () => {
    const { execution } = await runWith([
      { text: '```json\n{"ok": false, "reason": "no way", "impossible": true}\n```' },
    ]);
    expect(execution.details?.verdict).toEqual({ ok: false, reason: 'no way', impossible: true });
    expect(execution.verdict).toEqual({ ok: false, reason: 'no way', impossible: true });
  });

  it('sends the rendered prompt, a system prompt and the verdict schema, without tools', async () => {
    const { server } = await runWith([{ text: '{"ok": true}' }], {
      prompt: 'Cost \\$5? Judge $ARGUMENTS now',
    });
    const body = server.requests[0]!;
    const payloadJson = JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 'session-1',
      cwd: '/tmp',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
    });
    expect(body.model).toBe('judge-1');
    expect(body.tools).toBeUndefined();
    const schema = {
      type: 'object',
      properties: {
        ok: expect.objectContaining({ type: 'boolean' }),
        reason: expect.objectContaining({ type: 'string' }),
        impossible: expect.objectContaining({ type: 'boolean' }),
      },
      required: ['ok'],
      additionalProperties: false,
    };
    if (provider === 'anthropic') {
      expect(body.messages).toEqual([{ role: 'user', content: `Cost $5? Judge ${payloadJson} now` }]);
      expect(body.system).toEqual(expect.stringContaining('single JSON object'));
      expect(body.output_config).toEqual({ format: { type: 'json_schema', schema } });
      expect(body.max_tokens).toBe(1024);
    } else {
      expect(body.messages).toEqual([
        { role: 'system', content: expect.stringContaining('single JSON object') },
        { role: 'user', content: `Cost $5? Judge ${payloadJson} now` },
      ]);
      expect(body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'hook_verdict', schema },
      });
      expect(body.temperature).toBe(0);
      expect(body.max_tokens).toBe(1024);
    }
  });

  it('fails on a malformed answer', async () => {
    const { execution } = await runWith([{ text: 'Sure, that looks fine to me.' }]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(`${provider} judge-1: the answer is not JSON: Sure, that looks fine to me.`);
    expect(execution.details?.verdict).toBeUndefined();
    expect(execution.verdict).toBeUndefined();
  });

  it('fails on JSON that is not a verdict', async () => {
    const { execution } = await runWith([{ text: '{"ok": "yes"}' }]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toMatch(new RegExp(`^${provider} judge-1: the answer is not a verdict at ok: `));
  });

  it('fails on a refusal', async () => {
    const { execution } = await runWith([{ refusal: 'I cannot help with that.' }]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(`${provider} judge-1: the model refused: I cannot help with that.`);
  });

  it.each([500, 429])('fails on an API error %i without retrying', async (status) => {
    const { execution, server } = await runWith([
      { status, message: 'the judge is unavailable' },
      { text: '{"ok": true}' },
    ]);
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe(`${provider} judge-1: API error ${status}: the judge is unavailable`);
    expect(server.requests).toHaveLength(1);
  });

  it('times out on a slow answer', async () => {
    const { execution } = await runWith([{ text: '{"ok": true}', delayMs: 10_000 }], { timeoutMs: 300 });
    expect(execution.kind).toBe('timed_out');
    expect(execution.error).toBe(`${provider} judge-1: timed out after 0.3 s`);
  });

  it('reports cancellation when the engine aborts the run', async () => {
    const controller = new AbortController();
    // Aborted once the model server holds the request, so the cancel meets a call in flight.
    const { execution, server } = await runWith(
      () => {
        controller.abort();
        return { text: '{"ok": true}', delayMs: 10_000 };
      },
      { signal: controller.signal },
    );
    expect(execution.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });

  it('fails on a connection error, naming the cause', async () => {
    // A port that was just listening and is now closed: connection refused.
    const closed = await start([]);
    await closed.close();
    const execution = await runPromptHook(
      modelHookRequest({
        handler: { type: 'prompt', prompt: 'Judge' },
        model: { provider, baseURL: `${closed.baseURL}${path}`, apiKey: 'test-key', defaultModel: 'judge-1' },
      }),
    );
    expect(execution.kind).toBe('failed');
    expect(execution.error).toMatch(
      new RegExp(`^${provider} judge-1: Connection error\\. \\(.*ECONNREFUSED`),
    );
  });
});

describe('prompt hook settings', () => {
  it('fails clearly when an openai-compatible provider has no model', async () => {
    const previous = process.env.HOOKWIRE_MODEL;
    delete process.env.HOOKWIRE_MODEL;
    try {
      const execution = await runPromptHook(
        modelHookRequest({
          handler: { type: 'prompt', prompt: 'Judge' },
          model: { provider: 'openai', baseURL: 'http://127.0.0.1:9/v1' },
        }),
      );
      expect(execution.kind).toBe('failed');
      expect(execution.error).toBe(
        'no model for the openai provider: set HOOKWIRE_MODEL, the engine option model.defaultModel, or `model` on the handler',
      );
    } finally {
      if (previous !== undefined) process.env.HOOKWIRE_MODEL = previous;
    }
  });

  it('uses the model named on the handler over the default', async () => {
    const server = await startAnthropicStandIn([{ text: '{"ok": true}' }]);
    servers.push(server);
    const execution = await runPromptHook(
      modelHookRequest({
        handler: { type: 'prompt', prompt: 'Judge', model: 'claude-special' },
        model: {
          provider: 'anthropic',
          baseURL: server.baseURL,
          apiKey: 'test-key',
          defaultModel: 'judge-1',
        },
      }),
    );
    expect(execution.details?.model).toBe('claude-special');
    expect(server.requests[0]?.model).toBe('claude-special');
  });
});
