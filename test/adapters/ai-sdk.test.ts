import { join } from 'node:path';
import { stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentHooksOptions } from '../../src/adapters/agent-hooks.js';
import { type AiSdkHooks, createAiSdkHooks } from '../../src/adapters/ai-sdk/index.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { scriptedModel, toolOutputsSent, userTextsSent } from './ai-sdk-model.js';
import { hangingHook, recorded, temporaryProject } from './helpers.js';
import {
  alwaysBlockingStop,
  askingPreToolUse,
  bashPreToolUsePayload,
  blockingPrompt,
  callBash,
  contextHook,
  denyingPreToolUse,
  REQUIRE_TESTS_FEEDBACK,
  REQUIRE_TESTS_STOP,
  REWRITING_PRE_TOOL_USE,
  SESSION_CONTEXT_TEXTS,
  sessionContext,
} from './scenario-settings.js';

/*
 * The real AI SDK (generateText, streamText, ToolLoopAgent) driven by its own MockLanguageModelV3 from a
 * script: no network. Hooks are real command scripts that record their payloads.
 */

let directory: ReturnType<typeof temporaryProject>;
let session: AiSdkHooks | undefined;
const record = (name: string) => join(directory.path, `${name}.jsonl`);

beforeEach(() => {
  directory = temporaryProject();
});

afterEach(async () => {
  await session?.close();
  session = undefined;
  directory.cleanup();
});

function open(settings: ClaudeSettings, options: Omit<AgentHooksOptions, 'engineOptions'> = {}): AiSdkHooks {
  session = createAiSdkHooks({
    sessionId: 'session-1',
    cwd: directory.path,
    ...options,
    engineOptions: { ...directory.engineOptions(settings), stopBlockCap: 2 },
  });
  return session;
}

/** A Bash tool that records the inputs it ran with. */
function bashTool() {
  const ran: unknown[] = [];
  const bash = tool({
    description: 'Runs a shell command.',
    inputSchema: z.object({ command: z.string() }),
    execute: async (input) => {
      ran.push(input);
      return `ran ${input.command}`;
    },
  });
  return { ran, bash };
}

describe('hookwire/ai-sdk tools', () => {
  it('never runs a denied tool, and the model reads the reason as the tool error', async () => {
    const hooks = open(denyingPreToolUse(record('pre'), 'No destroying.', 'Bash'));
    const { ran, bash } = bashTool();
    const model = scriptedModel([callBash('rm -rf /'), { text: 'ok' }]);

    const turn = await hooks.generateText({
      model,
      tools: { Bash: bash },
      prompt: 'clean up',
      stopWhen: stepCountIs(5),
    });

    expect(ran).toEqual([]);
    expect(toolOutputsSent(model.doGenerateCalls[1]!)).toEqual({
      'call-1': { type: 'error-text', value: 'No destroying.' },
    });
    expect(turn.blocked === false && turn.result.text).toBe('ok');
    expect(recorded(record('pre'))).toEqual([bashPreToolUsePayload(directory.path, 'rm -rf /')]);
  });

  it('passes a rewritten input to execute, and refuses one the input schema rejects', async () => {
    const hooks = open(REWRITING_PRE_TOOL_USE);
    const { ran, bash } = bashTool();
    const model = scriptedModel([callBash('make'), callBash('bad', 'call-2'), { text: 'done' }]);

    await hooks.generateText({ model, tools: { Bash: bash }, prompt: 'build', stopWhen: stepCountIs(5) });

    expect(ran).toEqual([{ command: 'make --dry-run' }]);
    const refused = toolOutputsSent(model.doGenerateCalls[2]!)['call-2'] as { type: string; value: string };
    expect(refused.type).toBe('error-text');
    expect(refused.value).toMatch(
      /^A PreToolUse hook rewrote the input of tool "Bash", and the rewritten input/,
    );
  });

  it('gives the model PostToolUse context with the tool result, and keeps the real output for the app', async () => {
    const hooks = open({
      hooks: { PostToolUse: contextHook('PostToolUse', record('post'), 'Now run the tests.', 'Bash') },
    });
    const { bash } = bashTool();
    const model = scriptedModel([callBash('make'), { text: 'done' }]);

    // A set the session already hooked is not hooked again by the hooked call: one PostToolUse.
    const turn = await hooks.generateText({
      model,
      tools: hooks.tools({ Bash: bash }),
      prompt: 'build',
      stopWhen: stepCountIs(5),
    });

    expect(toolOutputsSent(model.doGenerateCalls[1]!)).toEqual({
      'call-1': {
        type: 'text',
        value:
          'ran make\n\n<system-reminder>\nPostToolUse hook additional context: Now run the tests.\n</system-reminder>',
      },
    });
    expect(recorded(record('post')).length).toBe(1);
    expect(turn.blocked === false && turn.result.steps[0]?.toolResults[0]?.output).toBe('ran make');
    expect(recorded(record('post'))[0]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'call-1',
      tool_response: 'ran make',
    });
  });

  it('fires PostToolUseFailure with the error, and its context rides along in the error result', async () => {
    const hooks = open({
      hooks: { PostToolUseFailure: contextHook('PostToolUseFailure', record('failure'), 'Check the disk.') },
    });
    const failing = tool({
      description: 'Fails.',
      inputSchema: z.object({ command: z.string() }),
      execute: async (): Promise<string> => {
        throw new Error('disk full');
      },
    });
    const model = scriptedModel([callBash('make'), { text: 'done' }]);

    await hooks.generateText({ model, tools: { Bash: failing }, prompt: 'build', stopWhen: stepCountIs(5) });

    expect(toolOutputsSent(model.doGenerateCalls[1]!)).toEqual({
      'call-1': {
        type: 'error-text',
        value:
          'disk full\n\n<system-reminder>\nPostToolUseFailure hook additional context: Check the disk.\n</system-reminder>',
      },
    });
    expect(recorded(record('failure'))[0]).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      error: 'disk full',
    });
  });

  it('asks approve() on ask, and refuses with the reason when there is no approver or it says no', async () => {
    const settings = askingPreToolUse(record('pre'));
    const requests: unknown[] = [];
    const cases = [
      { approve: undefined, runs: 0, refusal: 'Sure? (no approver: refused)' },
      { approve: () => false, runs: 0, refusal: 'Sure? (not approved)' },
      {
        approve: async (request: unknown) => {
          requests.push(request);
          return true;
        },
        runs: 1,
        refusal: '',
      },
    ];
    for (const { approve, runs, refusal } of cases) {
      const hooks = open(settings, approve === undefined ? {} : { approve });
      const { ran, bash } = bashTool();
      const model = scriptedModel([callBash('make'), { text: 'done' }]);
      await hooks.generateText({ model, tools: { Bash: bash }, prompt: 'build', stopWhen: stepCountIs(5) });
      expect(ran.length).toBe(runs);
      const sent = toolOutputsSent(model.doGenerateCalls[1]!)['call-1'];
      expect(sent).toEqual(
        runs === 1 ? { type: 'text', value: 'ran make' } : { type: 'error-text', value: refusal },
      );
      await hooks.close();
    }
    expect(requests).toEqual([
      { toolName: 'Bash', toolInput: { command: 'make' }, toolUseId: 'call-1', reason: 'Sure?' },
    ]);
  });

  it('does not stall the agent on a hook that times out: the tool runs once the hook is killed', async () => {
    const hooks = open({ hooks: { PreToolUse: [{ hooks: [hangingHook(1)] }] } });
    const { ran, bash } = bashTool();
    const model = scriptedModel([callBash('make'), { text: 'done' }]);

    const turn = await hooks.generateText({
      model,
      tools: { Bash: bash },
      prompt: 'build',
      stopWhen: stepCountIs(5),
    });

    expect(ran).toEqual([{ command: 'make' }]);
    expect(turn.blocked === false && turn.result.text).toBe('done');
  });
});

describe('hookwire/ai-sdk turns', () => {
  it('adds SessionStart and UserPromptSubmit context to the prompt, and ends the session on close', async () => {
    const hooks = open(sessionContext(record));
    const model = scriptedModel([{ text: 'hi' }, { text: 'again' }]);

    await hooks.generateText({ model, prompt: 'hello' });
    await hooks.generateText({ model, messages: [{ role: 'user', content: 'more' }] });
    await hooks.close();

    expect(userTextsSent(model.doGenerateCalls[0]!)).toEqual(SESSION_CONTEXT_TEXTS.first);
    expect(userTextsSent(model.doGenerateCalls[1]!)).toEqual(SESSION_CONTEXT_TEXTS.second);
    expect(recorded(record('start'))).toMatchObject([{ hook_event_name: 'SessionStart', source: 'startup' }]);
    expect(recorded(record('prompt')).map((payload) => payload.prompt)).toEqual(['hello', 'more']);
    expect(recorded(record('end'))).toMatchObject([
      { hook_event_name: 'SessionEnd', session_id: 'session-1' },
    ]);
  });

  it('does not call the model when UserPromptSubmit blocks, and returns the reason', async () => {
    const hooks = open(blockingPrompt(record('prompt')));
    const model = scriptedModel([{ text: 'hi' }]);

    const turn = await hooks.generateText({ model, prompt: 'my password is hunter2' });

    expect(turn).toEqual({ blocked: true, reason: 'No secrets.' });
    expect(model.doGenerateCalls).toEqual([]);
  });

  it('continues once with the reason when Stop blocks, with stop_hook_active on the next Stop', async () => {
    const hooks = open({ hooks: REQUIRE_TESTS_STOP });
    const model = scriptedModel([{ text: 'finished' }, { text: 'tests pass' }]);

    const turn = await hooks.generateText({ model, prompt: 'fix it' });

    expect(model.doGenerateCalls.length).toBe(2);
    expect(userTextsSent(model.doGenerateCalls[1]!).at(-1)).toBe(REQUIRE_TESTS_FEEDBACK);
    expect(turn.blocked === false && turn.rounds.map((round) => round.text)).toEqual([
      'finished',
      'tests pass',
    ]);
  });

  it('ends at the engine Stop cap when Stop always blocks', async () => {
    const hooks = open(alwaysBlockingStop(record('stop')));
    const model = scriptedModel([]);

    const turn = await hooks.generateText({ model, prompt: 'go' });

    // stopBlockCap 2: two blocks continue the turn, the third is refused by the engine.
    expect(turn.blocked === false && turn.rounds.length).toBe(3);
    expect(recorded(record('stop')).map((payload) => payload.stop_hook_active)).toEqual([false, true, true]);
  });

  it('streams: each round is a StreamTextResult, tools are hooked, and Stop continues the stream', async () => {
    const hooks = open({
      hooks: { ...denyingPreToolUse(record('pre'), 'No.').hooks, ...REQUIRE_TESTS_STOP },
    });
    const { ran, bash } = bashTool();
    const model = scriptedModel([callBash('rm -rf /'), { text: 'first' }, { text: 'second' }]);

    const turn = await hooks.streamText({
      model,
      tools: { Bash: bash },
      prompt: 'go',
      stopWhen: stepCountIs(5),
    });
    const texts: string[] = [];
    if (!turn.blocked)
      for await (const round of turn.rounds) for await (const text of round.textStream) texts.push(text);

    expect(texts).toEqual(['first', 'second']);
    expect(ran).toEqual([]);
    expect(toolOutputsSent(model.doStreamCalls[1]!)).toEqual({
      'call-1': { type: 'error-text', value: 'No.' },
    });
  });

  it('hooks a ToolLoopAgent: generate and stream', async () => {
    const hooks = open({ hooks: { PostToolUse: contextHook('PostToolUse', record('post'), 'Noted.') } });
    const { bash } = bashTool();
    const model = scriptedModel([
      callBash('ls'),
      { text: 'done' },
      callBash('pwd', 'call-2'),
      { text: 'streamed' },
    ]);
    const agent = hooks.agent({ model, tools: { Bash: bash }, stopWhen: stepCountIs(5) });

    const generated = await agent.generate({ prompt: 'list' });
    const streamed = await agent.stream({ prompt: 'where' });
    const texts: string[] = [];
    if (!streamed.blocked) for await (const round of streamed.rounds) texts.push(await round.text);

    expect(generated.blocked === false && generated.result.text).toBe('done');
    expect(toolOutputsSent(model.doGenerateCalls[1]!)).toEqual({
      'call-1': {
        type: 'text',
        value: 'ran ls\n\n<system-reminder>\nPostToolUse hook additional context: Noted.\n</system-reminder>',
      },
    });
    expect(texts).toEqual(['streamed']);
    expect(toolOutputsSent(model.doStreamCalls[1]!)['call-2']).toEqual({
      type: 'text',
      value: 'ran pwd\n\n<system-reminder>\nPostToolUse hook additional context: Noted.\n</system-reminder>',
    });
  });
});
