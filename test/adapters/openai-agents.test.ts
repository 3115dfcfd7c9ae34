import { join } from 'node:path';
import { Agent, setTracingDisabled, tool } from '@openai/agents';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentHooksOptions } from '../../src/adapters/agent-hooks.js';
import { createOpenAiAgentsHooks, type OpenAiAgentsHooks } from '../../src/adapters/openai-agents/index.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { ScriptedModel, toolOutputsSent, userTextsSent } from './agents-model.js';
import { hangingHook, recorded, respondingHook, temporaryProject } from './helpers.js';
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
 * The real OpenAI Agents SDK (Agent, run, tool guardrails, streaming) driven by a scripted implementation of
 * its Model interface: no network (tracing off, so no exporter either). Hooks are real command scripts.
 */

let directory: ReturnType<typeof temporaryProject>;
let session: OpenAiAgentsHooks | undefined;
const record = (name: string) => join(directory.path, `${name}.jsonl`);

beforeAll(() => setTracingDisabled(true));

beforeEach(() => {
  directory = temporaryProject();
});

afterEach(async () => {
  await session?.close();
  session = undefined;
  directory.cleanup();
});

function open(
  settings: ClaudeSettings,
  options: Omit<AgentHooksOptions, 'engineOptions'> = {},
): OpenAiAgentsHooks {
  session = createOpenAiAgentsHooks({
    sessionId: 'session-1',
    cwd: directory.path,
    ...options,
    engineOptions: { ...directory.engineOptions(settings), stopBlockCap: 2 },
  });
  return session;
}

/** An agent with a Bash tool that records the inputs it ran with. */
function bashAgent(model: ScriptedModel, errorFunction?: OpenAiAgentsHooks['toolErrorFunction']) {
  const ran: unknown[] = [];
  const bash = tool({
    name: 'Bash',
    description: 'Runs a shell command.',
    parameters: z.object({ command: z.string() }),
    execute: async (input) => {
      ran.push(input);
      if (input.command === 'explode') throw new Error('disk full');
      return `ran ${input.command}`;
    },
    ...(errorFunction === undefined ? {} : { errorFunction }),
  });
  return { ran, agent: new Agent({ name: 'builder', instructions: 'Build.', model, tools: [bash] }) };
}

describe('hookwire/openai-agents tools', () => {
  it('never runs a denied tool, and the model reads the reason as the tool output', async () => {
    const hooks = open(denyingPreToolUse(record('pre'), 'No destroying.', 'Bash'));
    const model = new ScriptedModel([callBash('rm -rf /'), { text: 'ok' }]);
    const { ran, agent } = bashAgent(model);

    const turn = await hooks.run(agent, 'clean up');

    expect(ran).toEqual([]);
    expect(toolOutputsSent(model.requests[1]!)).toEqual({ 'call-1': 'No destroying.' });
    expect(turn.blocked === false && turn.result.finalOutput).toBe('ok');
    expect(
      turn.blocked === false && turn.result.toolInputGuardrailResults.map((r) => r.output.behavior),
    ).toEqual([{ type: 'rejectContent', message: 'No destroying.' }]);
    expect(recorded(record('pre'))).toEqual([bashPreToolUsePayload(directory.path, 'rm -rf /')]);
  });

  it('passes a rewritten input to the tool, and refuses one its schema rejects', async () => {
    const hooks = open(REWRITING_PRE_TOOL_USE);
    const model = new ScriptedModel([callBash('make'), callBash('bad', 'call-2'), { text: 'done' }]);
    const { ran, agent } = bashAgent(model);

    await hooks.run(agent, 'build');

    expect(ran).toEqual([{ command: 'make --dry-run' }]);
    expect(toolOutputsSent(model.requests[2]!)['call-2']).toBe(
      'A PreToolUse hook rewrote the input of tool "Bash", and the rewritten input does not match the tool\'s input schema: input.command must be string, not number 42',
    );
  });

  it('gives the model PostToolUse context after the tool output', async () => {
    const hooks = open({
      hooks: { PostToolUse: contextHook('PostToolUse', record('post'), 'Now run the tests.', 'Bash') },
    });
    const model = new ScriptedModel([callBash('make'), { text: 'done' }]);
    const { agent } = bashAgent(model);

    await hooks.run(agent, 'build');

    expect(toolOutputsSent(model.requests[1]!)).toEqual({
      'call-1':
        'ran make\n\n<system-reminder>\nPostToolUse hook additional context: Now run the tests.\n</system-reminder>',
    });
    expect(recorded(record('post'))[0]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'call-1',
      tool_response: 'ran make',
    });
  });

  it('fires PostToolUseFailure for a tool given toolErrorFunction, with its context for the model', async () => {
    const hooks = open({
      hooks: {
        PostToolUse: [{ hooks: [respondingHook(record('post'))] }],
        PostToolUseFailure: contextHook('PostToolUseFailure', record('failure'), 'Check the disk.'),
      },
    });
    const model = new ScriptedModel([callBash('explode'), { text: 'done' }]);
    const { agent } = bashAgent(model, hooks.toolErrorFunction);

    await hooks.run(agent, 'build');

    expect(toolOutputsSent(model.requests[1]!)).toEqual({
      'call-1':
        'An error occurred while running the tool. Please try again. Error: disk full\n\n<system-reminder>\nPostToolUseFailure hook additional context: Check the disk.\n</system-reminder>',
    });
    expect(recorded(record('failure'))).toMatchObject([
      { hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', error: 'disk full' },
    ]);
    expect(recorded(record('post'))).toEqual([]);
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
        refusal: 'ran make', // what the model reads when the tool ran
      },
    ];
    for (const { approve, runs, refusal } of cases) {
      const hooks = open(settings, approve === undefined ? {} : { approve });
      const model = new ScriptedModel([callBash('make'), { text: 'done' }]);
      const { ran, agent } = bashAgent(model);
      await hooks.run(agent, 'build');
      expect(ran.length).toBe(runs);
      expect(toolOutputsSent(model.requests[1]!)['call-1']).toBe(refusal);
      await hooks.close();
    }
    expect(requests).toEqual([
      { toolName: 'Bash', toolInput: { command: 'make' }, toolUseId: 'call-1', reason: 'Sure?' },
    ]);
  });

  it('does not stall the agent on a hook that times out: the tool runs once the hook is killed', async () => {
    const hooks = open({ hooks: { PreToolUse: [{ hooks: [hangingHook(1)] }] } });
    const model = new ScriptedModel([callBash('make'), { text: 'done' }]);
    const { ran, agent } = bashAgent(model);

    const turn = await hooks.run(agent, 'build');

    expect(ran).toEqual([{ command: 'make' }]);
    expect(turn.blocked === false && turn.result.finalOutput).toBe('done');
  });

  it('hooks the tools of the agents it hands off to', async () => {
    const hooks = open(denyingPreToolUse(record('pre'), 'No.', 'Bash'));
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'transfer_to_builder', input: {}, id: 'handoff-1' }] },
      callBash('make'),
      { text: 'done' },
    ]);
    const { ran, agent: builder } = bashAgent(model);
    const triage = new Agent({ name: 'triage', instructions: 'Route.', model, handoffs: [builder] });

    const turn = await hooks.run(triage, 'build');

    expect(ran).toEqual([]);
    expect(toolOutputsSent(model.requests[2]!)['call-1']).toBe('No.');
    expect(turn.blocked === false && turn.result.lastAgent?.name).toBe('builder');
  });
});

describe('hookwire/openai-agents turns', () => {
  it('adds SessionStart and UserPromptSubmit context to the prompt, and ends the session on close', async () => {
    const hooks = open(sessionContext(record));
    const model = new ScriptedModel([{ text: 'hi' }, { text: 'again' }]);
    const { agent } = bashAgent(model);

    await hooks.run(agent, 'hello');
    await hooks.run(agent, [{ role: 'user', content: 'more' }]);
    await hooks.close();

    expect(userTextsSent(model.requests[0]!)).toEqual(SESSION_CONTEXT_TEXTS.first);
    expect(userTextsSent(model.requests[1]!)).toEqual(SESSION_CONTEXT_TEXTS.second);
    expect(recorded(record('start'))).toMatchObject([{ hook_event_name: 'SessionStart', source: 'startup' }]);
    expect(recorded(record('prompt')).map((payload) => payload.prompt)).toEqual(['hello', 'more']);
    expect(recorded(record('end'))).toMatchObject([
      { hook_event_name: 'SessionEnd', session_id: 'session-1' },
    ]);
  });

  it('does not call the model when UserPromptSubmit blocks, and returns the reason', async () => {
    const hooks = open(blockingPrompt(record('prompt')));
    const model = new ScriptedModel([{ text: 'hi' }]);
    const { agent } = bashAgent(model);

    expect(await hooks.run(agent, 'my password is hunter2')).toEqual({
      blocked: true,
      reason: 'No secrets.',
    });
    expect(model.requests).toEqual([]);
  });

  it('continues once with the reason when Stop blocks, and the engine cap ends an endless block', async () => {
    const hooks = open({ hooks: REQUIRE_TESTS_STOP });
    const model = new ScriptedModel([{ text: 'finished' }, { text: 'tests pass' }]);
    const { agent } = bashAgent(model);

    const turn = await hooks.run(agent, 'fix it');

    expect(model.requests.length).toBe(2);
    expect(userTextsSent(model.requests[1]!).at(-1)).toBe(REQUIRE_TESTS_FEEDBACK);
    expect(turn.blocked === false && turn.rounds.map((round) => round.finalOutput)).toEqual([
      'finished',
      'tests pass',
    ]);

    const capped = open(alwaysBlockingStop(record('stop')));
    const cappedTurn = await capped.run(bashAgent(new ScriptedModel([])).agent, 'go');
    expect(cappedTurn.blocked === false && cappedTurn.rounds.length).toBe(3);
    expect(recorded(record('stop')).map((payload) => payload.stop_hook_active)).toEqual([false, true, true]);
    await hooks.close();
  });

  it('streams: each round is a StreamedRunResult, tools are hooked, and Stop continues the stream', async () => {
    const hooks = open({
      hooks: { ...denyingPreToolUse(record('pre'), 'No.').hooks, ...REQUIRE_TESTS_STOP },
    });
    const model = new ScriptedModel([callBash('rm -rf /'), { text: 'first' }, { text: 'second' }]);
    const { ran, agent } = bashAgent(model);

    const turn = await hooks.runStreamed(agent, 'go');
    const texts: string[] = [];
    if (!turn.blocked)
      for await (const round of turn.rounds) for await (const text of round.toTextStream()) texts.push(text);

    expect(texts).toEqual(['first', 'second']);
    expect(ran).toEqual([]);
    expect(toolOutputsSent(model.requests[1]!)).toEqual({ 'call-1': 'No.' });
  });
});
