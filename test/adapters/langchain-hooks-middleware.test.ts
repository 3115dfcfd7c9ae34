import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { Command, interrupt, MemorySaver } from '@langchain/langgraph';
import { AIMessage, type BaseMessage, createAgent, HumanMessage, ToolMessage, tool } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type LangchainHooksMiddleware,
  type LangchainHooksMiddlewareOptions,
  langchainHooksMiddleware,
} from '../../src/adapters/langchain/langchain-entry.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { type HookAnswer, hangingHook, recorded, respondingHook, temporaryProject } from './helpers.js';

/*
 * A real LangChain `createAgent` (LangGraph checkpointer) driven by LangChain's scripted fake chat model, with
 * real command hooks: no network.
 */

let project: ReturnType<typeof temporaryProject>;
let record: string;
let middleware: LangchainHooksMiddleware | undefined;
let executed: string[];

const shell = tool(
  async ({ command }) => {
    executed.push(command);
    return `ran ${command}`;
  },
  { name: 'run_shell', description: 'Runs a command.', schema: z.object({ command: z.string() }) },
);
const broken = tool(
  async (_input, config) =>
    new ToolMessage({ content: 'disk on fire', tool_call_id: config.toolCall?.id ?? '', status: 'error' }),
  { name: 'broken', description: 'Always fails.', schema: z.object({}) },
);

const confirm = tool(
  async ({ command }) => {
    const answer = interrupt({ question: `run ${command}?` });
    executed.push(`${command} (${String(answer)})`);
    return 'confirmed';
  },
  { name: 'confirm', description: 'Asks the user first.', schema: z.object({ command: z.string() }) },
);
const crash = tool(
  async () => {
    throw new Error('thrown from the tool');
  },
  { name: 'crash', description: 'Throws.', schema: z.object({}) },
);

beforeEach(() => {
  project = temporaryProject();
  record = join(project.path, 'payloads.jsonl');
  executed = [];
});
afterEach(async () => {
  await middleware?.close();
  middleware = undefined;
  project.cleanup();
});

/** Settings with one responding hook per event given (tool events match every tool). */
function settingsWith(answers: Partial<Record<string, HookAnswer>>): ClaudeSettings {
  return {
    hooks: Object.fromEntries(
      Object.entries(answers).map(([event, answer]) => [
        event,
        [{ hooks: [respondingHook(record, answer)] }],
      ]),
    ),
  };
}

function agentWith(
  model: ReturnType<typeof fakeModel>,
  settings: ClaudeSettings,
  options: LangchainHooksMiddlewareOptions = {},
) {
  middleware = langchainHooksMiddleware({
    cwd: project.path,
    ...options,
    engineOptions: { ...project.engineOptions(settings), ...options.engineOptions },
  });
  return createAgent({
    model,
    tools: [shell, broken, confirm, crash],
    middleware: [middleware],
    checkpointer: new MemorySaver(),
  });
}

const thread = { configurable: { thread_id: 'thread-1' } };
const go = { messages: [new HumanMessage('go')] };
const preToolUse = (fields: Record<string, unknown>) => ({
  stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } },
});

/** The messages of the model's nth call, as [type, text] pairs. */
function seen(model: ReturnType<typeof fakeModel>, call: number): [string, string][] {
  const messages = (model.calls[call]?.messages ?? []) as BaseMessage[];
  return messages.map((message) => [message.getType(), message.text]);
}

describe('langchainHooksMiddleware tools', () => {
  it('never runs a denied tool, and the model sees the reason as the tool’s error', async () => {
    const model = fakeModel()
      .respondWithTools([{ name: 'run_shell', args: { command: 'rm -rf /' }, id: 'call-1' }])
      .respond(new AIMessage('ok'));
    const agent = agentWith(
      model,
      settingsWith({
        PreToolUse: preToolUse({ permissionDecision: 'deny', permissionDecisionReason: 'not that' }),
      }),
    );
    const result = await agent.invoke(go, thread);
    expect(executed).toEqual([]);
    const refusal = result.messages.find((message) => ToolMessage.isInstance(message));
    expect(refusal).toMatchObject({ content: 'not that', status: 'error', tool_call_id: 'call-1' });
    expect(seen(model, 1)).toContainEqual(['tool', 'not that']);
  });

  it('runs a tool with the rewritten input, and refuses one its schema rejects', async () => {
    const model = fakeModel()
      .respondWithTools([{ name: 'run_shell', args: { command: 'ls' }, id: 'call-1' }])
      .respond(new AIMessage('ok'));
    await agentWith(
      model,
      settingsWith({ PreToolUse: preToolUse({ updatedInput: { command: 'ls -la' } }) }),
    ).invoke(go, thread);
    expect(executed).toEqual(['ls -la']);
    await middleware?.close();

    const second = fakeModel()
      .respondWithTools([{ name: 'run_shell', args: { command: 'ls' }, id: 'call-2' }])
      .respond(new AIMessage('ok'));
    const result = await agentWith(
      second,
      settingsWith({ PreToolUse: preToolUse({ updatedInput: { command: 42 } }) }),
    ).invoke(go, thread);
    expect(executed).toEqual(['ls -la']);
    expect(result.messages.find((message) => ToolMessage.isInstance(message))?.text).toMatch(
      /^a PreToolUse hook rewrote the input of run_shell, which its schema rejects: command: /,
    );
  });

  it('gives PostToolUse and PostToolUseFailure context to the next model call, with the protocol payloads', async () => {
    const model = fakeModel()
      .respondWithTools([
        { name: 'run_shell', args: { command: 'ls' }, id: 'call-1' },
        { name: 'broken', args: {}, id: 'call-2' },
      ])
      .respond(new AIMessage('ok'));
    const agent = agentWith(
      model,
      settingsWith({
        PostToolUse: {
          stdout: { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ls is fine' } },
        },
        PostToolUseFailure: { stdout: 'ignored plain stdout' },
      }),
    );
    await agent.invoke(go, thread);
    expect(seen(model, 1).at(-1)).toEqual([
      'human',
      '<system-reminder>\nPostToolUse hook additional context: ls is fine\n</system-reminder>',
    ]);
    const common = {
      session_id: 'thread-1',
      transcript_path: null,
      cwd: project.path,
      permission_mode: 'default',
    };
    // The two calls run in parallel: their hooks record in either order.
    const byEvent = recorded(record).sort((a, b) =>
      String(a.hook_event_name).localeCompare(String(b.hook_event_name)),
    );
    expect(byEvent).toEqual([
      {
        ...common,
        hook_event_name: 'PostToolUse',
        tool_name: 'run_shell',
        tool_input: { command: 'ls' },
        tool_use_id: 'call-1',
        tool_response: 'ran ls',
      },
      {
        ...common,
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'broken',
        tool_input: {},
        tool_use_id: 'call-2',
        error: 'disk on fire',
      },
    ]);
  });

  it('refuses an ask without an approver, and runs it when the approver agrees', async () => {
    const ask = {
      PreToolUse: preToolUse({ permissionDecision: 'ask', permissionDecisionReason: 'really?' }),
    };
    const script = () =>
      fakeModel()
        .respondWithTools([{ name: 'run_shell', args: { command: 'make' }, id: 'call-1' }])
        .respond(new AIMessage('ok'));
    const refused = await agentWith(script(), settingsWith(ask)).invoke(go, thread);
    expect(executed).toEqual([]);
    expect(refused.messages.find((message) => ToolMessage.isInstance(message))?.text).toBe(
      'really? (no approver: refused)',
    );
    await middleware?.close();

    const asked: string[] = [];
    await agentWith(script(), settingsWith(ask), {
      approve: (request) => asked.push(`${request.toolName} ${JSON.stringify(request.toolInput)}`) > 0,
    }).invoke(go, thread);
    expect(asked).toEqual(['run_shell {"command":"make"}']);
    expect(executed).toEqual(['make']);
  });

  it('fires PostToolUseFailure for a tool that throws, and the error still reaches the host', async () => {
    const model = fakeModel().respondWithTools([{ name: 'crash', args: {}, id: 'call-1' }]);
    const agent = agentWith(model, settingsWith({ PostToolUseFailure: {} }));
    await expect(agent.invoke(go, thread)).rejects.toThrow('thrown from the tool');
    expect(recorded(record).map((payload) => [payload.hook_event_name, payload.error])).toEqual([
      ['PostToolUseFailure', 'thrown from the tool'],
    ]);
  });

  it('fires PreToolUse once for a tool that interrupts, and resumes it with the rewritten input', async () => {
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm', args: { command: 'deploy' }, id: 'call-1' }])
      .respond(new AIMessage('ok'));
    const agent = agentWith(
      model,
      settingsWith({ PreToolUse: preToolUse({ updatedInput: { command: 'deploy --dry-run' } }) }),
    );
    const first = await agent.invoke(go, thread);
    expect(first.__interrupt__?.[0]?.value).toEqual({ question: 'run deploy --dry-run?' });
    await agent.invoke(new Command({ resume: 'yes' }), thread);
    expect(executed).toEqual(['deploy --dry-run (yes)']);
    expect(recorded(record).map((payload) => payload.hook_event_name)).toEqual(['PreToolUse']);
  });

  it('lets the agent go on once a hook has timed out', async () => {
    const model = fakeModel()
      .respondWithTools([{ name: 'run_shell', args: { command: 'ls' }, id: 'call-1' }])
      .respond(new AIMessage('ok'));
    const agent = agentWith(model, { hooks: { PreToolUse: [{ hooks: [hangingHook(1)] }] } });
    const result = await agent.invoke(go, thread);
    expect(executed).toEqual(['ls']);
    expect(result.messages.at(-1)?.text).toBe('ok');
  });
});

describe('langchainHooksMiddleware session, prompt and stop', () => {
  it('fires SessionStart once per thread, gives its context to the model, and SessionEnd on end()', async () => {
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two'));
    const agent = agentWith(
      model,
      settingsWith({ SessionStart: { stdout: 'branch: main\n' }, SessionEnd: {} }),
    );
    await agent.invoke(go, thread);
    await agent.invoke({ messages: [new HumanMessage('again')] }, thread);
    expect(seen(model, 0)).toEqual([
      ['human', 'go'],
      ['human', '<system-reminder>\nSessionStart hook additional context: branch: main\n</system-reminder>'],
    ]);
    await middleware?.end();
    expect(recorded(record).map((payload) => [payload.hook_event_name, payload.session_id])).toEqual([
      ['SessionStart', 'thread-1'],
      ['SessionEnd', 'thread-1'],
    ]);
  });

  it('ends the run with the reason when UserPromptSubmit blocks: the model is not called, the prompt is gone', async () => {
    const model = fakeModel().respond(new AIMessage('never'));
    const agent = agentWith(
      model,
      settingsWith({
        UserPromptSubmit: { stdout: { decision: 'block', reason: 'no secrets in prompts' } },
        Stop: {},
      }),
    );
    const result = await agent.invoke({ messages: [new HumanMessage('the password is hunter2')] }, thread);
    expect(model.callCount).toBe(0);
    expect(result.messages.map((message) => [message.getType(), message.text])).toEqual([
      ['ai', 'no secrets in prompts'],
    ]);
    expect(recorded(record).map((payload) => payload.hook_event_name)).toEqual(['UserPromptSubmit']);
  });

  it('continues the agent once per Stop block, until the engine’s cap ends it', async () => {
    const model = fakeModel().respond(new AIMessage('first')).respond(new AIMessage('second'));
    const agent = agentWith(
      model,
      settingsWith({ Stop: { stdout: { decision: 'block', reason: 'run the tests' } } }),
      {
        engineOptions: { stopBlockCap: 1 },
      },
    );
    const result = await agent.invoke(go, thread);
    expect(model.callCount).toBe(2);
    expect(seen(model, 1).slice(-2)).toEqual([
      ['ai', 'first'],
      ['human', 'Stop hook feedback:\nrun the tests'],
    ]);
    expect(result.messages.at(-1)?.text).toBe('second');
    expect(
      recorded(record).map((payload) => [payload.stop_hook_active, payload.last_assistant_message]),
    ).toEqual([
      [false, 'first'],
      [true, 'second'],
    ]);
  });

  it('works with agent.stream', async () => {
    const model = fakeModel()
      .respondWithTools([{ name: 'run_shell', args: { command: 'rm -rf /' }, id: 'call-1' }])
      .respond(new AIMessage('ok'));
    const agent = agentWith(model, settingsWith({ PreToolUse: { exit: 2, stderr: 'blocked by policy' } }));
    const steps: string[] = [];
    for await (const chunk of await agent.stream(go, { ...thread, streamMode: 'updates' })) {
      steps.push(...Object.keys(chunk));
    }
    expect(executed).toEqual([]);
    expect(steps).toContain('tools');
    expect(seen(model, 1).find(([type]) => type === 'tool')?.[1]).toContain('blocked by policy');
  });
});
