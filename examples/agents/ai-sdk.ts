/*
 * A small Vercel AI SDK agent under the hooks of examples/settings.json, run offline against the SDK's own
 * mock model: the model tries `rm -rf /` (the Bash guard refuses it), writes a file (a PreToolUse hook adds
 * the licence header, a PostToolUse hook points at the tests), says it is done (the Stop hook sends it back
 * to run the tests), runs them and finishes. It prints what the hooks did.
 *
 *   npx tsx examples/agents/ai-sdk.ts
 *
 * In your project the import is `from 'hookwire/ai-sdk'`.
 */
import { resolve } from 'node:path';
import { stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createAiSdkHooks } from '../../src/adapters/ai-sdk/index.js';

const project = resolve(import.meta.dirname, '../..');
const files = new Map<string, string>();

const tools = {
  // Pretend tools: nothing here touches the disk or runs a command.
  Bash: tool({
    description: 'Runs a shell command.',
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => `(pretend) ran: ${command}\n12 tests passed`,
  }),
  Write: tool({
    description: 'Writes a file.',
    inputSchema: z.object({ file_path: z.string(), content: z.string() }),
    execute: async ({ file_path, content }) => {
      files.set(file_path, content);
      return `(pretend) wrote ${file_path}`;
    },
  }),
};

/** What the model answers, call by call: a tool call, or its final text. */
type Answer = { tool: string; input: Record<string, unknown> } | { text: string };

const script: Answer[] = [
  { tool: 'Bash', input: { command: 'rm -rf /' } },
  { tool: 'Write', input: { file_path: 'src/hello.ts', content: 'export const hello = 1;\n' } },
  { text: 'Done: src/hello.ts is written.' },
  { tool: 'Bash', input: { command: 'npm test' } },
  { text: 'Tests pass; done.' },
];
let step = 0;
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const model = new MockLanguageModelV3({
  doGenerate: async () => {
    const answer: Answer = script[step++] ?? { text: 'Nothing left to do.' };
    return 'text' in answer
      ? {
          content: [{ type: 'text', text: answer.text }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        }
      : {
          content: [
            {
              type: 'tool-call',
              toolCallId: `call-${step}`,
              toolName: answer.tool,
              input: JSON.stringify(answer.input),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
  },
});

const session = createAiSdkHooks({
  cwd: project,
  engineOptions: {
    cwd: project,
    settings: [resolve(project, 'examples/settings.json')],
    onHookEnd: (run) => console.log(`  hook ${run.event} ${scriptOf(run.command)}: ${run.status}`),
  },
});

/** The hook script's file name, for short lines. */
function scriptOf(command: string): string {
  return /[\w.-]+\.(?:sh|mjs)/.exec(command)?.[0] ?? command;
}

try {
  console.log('> Add a hello module.');
  const turn = await session.generateText({
    model,
    tools,
    prompt: 'Add a hello module.',
    stopWhen: stepCountIs(10),
  });
  if (turn.blocked) console.log(`prompt blocked: ${turn.reason}`);
  else {
    for (const [index, round] of turn.rounds.entries())
      console.log(`round ${index + 1} ended with: ${round.text}`);
    // What the model read as tool results, hook context included (the last call's prompt holds them all).
    for (const message of model.doGenerateCalls.at(-1)?.prompt ?? [])
      if (message.role === 'tool')
        for (const part of message.content)
          if (part.type === 'tool-result' && 'value' in part.output)
            console.log(`model read from ${part.toolName}: ${String(part.output.value)}`);
    console.log(`src/hello.ts as written:\n${files.get('src/hello.ts')}`);
  }
} finally {
  await session.close();
}
