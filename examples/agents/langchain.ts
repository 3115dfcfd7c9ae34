/*
 * A LangChain `createAgent` guarded by examples/settings.json, offline: LangChain's scripted fake model plays
 * the agent, and the tools only pretend. Run it with `npx tsx examples/agents/langchain.ts`.
 *
 * In your project the import is `import { langchainHooksMiddleware } from 'hookwire/langchain'`, and without
 * `engineOptions` the middleware loads the usual settings files (.claude/settings.json and the others).
 */
import { fileURLToPath } from 'node:url';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { AIMessage, createAgent, HumanMessage, tool } from 'langchain';
import { z } from 'zod';
import { langchainHooksMiddleware } from '../../src/adapters/langchain/langchain-entry.js';

const project = fileURLToPath(new URL('../..', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

// Tool names as Claude Code's, so the settings' matchers (Bash, Write) apply as they are.
const bash = tool(async ({ command }) => `(pretend) ran: ${command}`, {
  name: 'Bash',
  description: 'Runs a shell command.',
  schema: z.object({ command: z.string() }),
});
const write = tool(async ({ file_path, content }) => `(pretend) wrote ${file_path}:\n${content}`, {
  name: 'Write',
  description: 'Writes a file.',
  schema: z.object({ file_path: z.string(), content: z.string() }),
});

const model = fakeModel()
  .respondWithTools([{ name: 'Bash', args: { command: 'rm -rf /' }, id: 'call_1' }])
  .respondWithTools([
    { name: 'Write', args: { file_path: 'src/greet.ts', content: 'export {};\n' }, id: 'call_2' },
  ])
  .respond(new AIMessage('Done.'))
  .respondWithTools([{ name: 'Bash', args: { command: 'npm test' }, id: 'call_3' }])
  .respond(new AIMessage('Tests pass. Done.'));

const hooks = langchainHooksMiddleware({
  cwd: project,
  engineOptions: {
    projectDir: project,
    settings: [`${project}/examples/settings.json`],
    onHookEnd: (run) =>
      say(`  hook ${run.event} -> ${run.status}${run.error ? `: ${run.error.trim()}` : ''}`),
  },
});
const agent = createAgent({
  model,
  tools: [bash, write],
  middleware: [hooks],
  checkpointer: new MemorySaver(),
});

try {
  const result = await agent.invoke(
    { messages: [new HumanMessage('Add a greet module.')] },
    { configurable: { thread_id: 'example' } },
  );
  say('\nThe conversation:');
  for (const message of result.messages) {
    const calls = AIMessage.isInstance(message) ? (message.tool_calls ?? []) : [];
    const text =
      calls.length > 0
        ? calls.map((call) => `${call.name} ${JSON.stringify(call.args)}`).join(', ')
        : message.text;
    say(`  ${message.getType().padEnd(5)} ${text.replaceAll('\n', '\n        ')}`);
  }
} finally {
  await hooks.close();
}
