/*
 * A small OpenAI Agents SDK agent under the hooks of examples/settings.json, run offline against a scripted
 * model (the SDK's `Model` interface; it ships no mock): the model tries `rm -rf /` (the Bash guard refuses
 * it), writes a file (a PreToolUse hook adds the licence header, a PostToolUse hook points at the tests),
 * says it is done (the Stop hook sends it back to run the tests), runs them and finishes. It prints what the
 * hooks did.
 *
 *   npx tsx examples/agents/openai-agents.ts
 *
 * In your project the import is `from 'hookwire/openai-agents'`.
 */
import { resolve } from 'node:path';
import {
  Agent,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  setTracingDisabled,
  tool,
  Usage,
} from '@openai/agents';
import { z } from 'zod';
import { createOpenAiAgentsHooks } from '../../src/adapters/openai-agents/index.js';

// Offline: no trace exporter either.
setTracingDisabled(true);

const project = resolve(import.meta.dirname, '../..');
const files = new Map<string, string>();

/** What the model answers, call by call: a tool call, or its final text. */
type Answer = { tool: string; input: Record<string, unknown> } | { text: string };

const script: Answer[] = [
  { tool: 'Bash', input: { command: 'rm -rf /' } },
  { tool: 'Write', input: { file_path: 'src/hello.ts', content: 'export const hello = 1;\n' } },
  { text: 'Done: src/hello.ts is written.' },
  { tool: 'Bash', input: { command: 'npm test' } },
  { text: 'Tests pass; done.' },
];

/** Answers from the script, one entry per model call; remembers what it was sent. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #step = 0;

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const answer: Answer = script[this.#step++] ?? { text: 'Nothing left to do.' };
    const output: AgentOutputItem[] =
      'text' in answer
        ? [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: answer.text }],
            },
          ]
        : [
            {
              type: 'function_call',
              callId: `call-${this.#step}`,
              name: answer.tool,
              arguments: JSON.stringify(answer.input),
              status: 'completed',
            },
          ];
    return { usage: new Usage(), output, responseId: `response-${this.#step}` };
  }

  // biome-ignore lint/correctness/useYield: this example does not stream.
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('not used in this example');
  }
}

const session = createOpenAiAgentsHooks({
  cwd: project,
  engineOptions: {
    cwd: project,
    settings: [resolve(project, 'examples/settings.json')],
    onHookEnd: (run) => console.log(`  hook ${run.event} ${scriptOf(run.command)}: ${run.status}`),
  },
});

// Pretend tools: nothing here touches the disk or runs a command.
const bash = tool({
  name: 'Bash',
  description: 'Runs a shell command.',
  parameters: z.object({ command: z.string() }),
  execute: async ({ command }) => `(pretend) ran: ${command}\n12 tests passed`,
  errorFunction: session.toolErrorFunction,
});
const write = tool({
  name: 'Write',
  description: 'Writes a file.',
  parameters: z.object({ file_path: z.string(), content: z.string() }),
  execute: async ({ file_path, content }) => {
    files.set(file_path, content);
    return `(pretend) wrote ${file_path}`;
  },
  errorFunction: session.toolErrorFunction,
});
const model = new ScriptedModel();
const agent = new Agent({ name: 'builder', instructions: 'You build things.', model, tools: [bash, write] });

/** The hook script's file name, for short lines. */
function scriptOf(command: string): string {
  return /[\w.-]+\.(?:sh|mjs)/.exec(command)?.[0] ?? command;
}

function textOf(output: unknown): string {
  if (typeof output === 'string') return output;
  const { text } = output as { text?: unknown };
  return typeof text === 'string' ? text : JSON.stringify(output);
}

try {
  console.log('> Add a hello module.');
  const turn = await session.run(agent, 'Add a hello module.');
  if (turn.blocked) console.log(`prompt blocked: ${turn.reason}`);
  else {
    for (const [index, round] of turn.rounds.entries())
      console.log(`round ${index + 1} ended with: ${round.finalOutput}`);
    // What the model read as tool results, hook context included (the last request holds them all).
    const last = model.requests.at(-1)?.input;
    for (const item of typeof last === 'string' ? [] : (last ?? []))
      if (item.type === 'function_call_result')
        console.log(`model read from ${item.name}: ${textOf(item.output)}`);
    console.log(`src/hello.ts as written:\n${files.get('src/hello.ts')}`);
  }
} finally {
  await session.close();
}
