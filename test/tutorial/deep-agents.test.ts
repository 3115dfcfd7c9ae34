import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createDeepAgent } from 'deepagents';
import { AIMessage, HumanMessage, ToolMessage, tool } from 'langchain';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { root, tutorialTypeScriptBlocks } from './tutorial-steps.js';

/*
 * Step 5 of docs/tutorial.md: its agent, with the built package (`hookwire/langchain` from dist/), a shell
 * tool named `run_shell` and LangChain's scripted fake chat model in place of `model`, in a project holding the
 * tutorial's hooks file as step 3 left it.
 */

type LangchainEntry = typeof import('../../src/adapters/langchain/langchain-entry.js');

const project = mkdtempSync(join(tmpdir(), 'hookwire-tutorial-agent-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(join(project, '.hookwire'));
writeFileSync(
  join(project, '.hookwire', 'hooks.json'),
  `${JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            {
              type: 'command',
              command: "if grep -q 'rm -rf'; then echo 'no rm -rf here!' >&2; exit 2; fi",
            },
          ],
        },
      ],
    },
  })}\n`,
);

describe('docs/tutorial.md, step 5: a Deep Agents agent and its subagent', () => {
  it('shows the middleware this test builds', () => {
    const [snippet] = tutorialTypeScriptBlocks();
    expect(snippet).toContain(
      "import { DEEPAGENTS_TOOL_NAMES, langchainHooksMiddleware } from 'hookwire/langchain';",
    );
    expect(snippet).toContain(
      "langchainHooksMiddleware({\n  toolNames: { ...DEEPAGENTS_TOOL_NAMES, run_shell: 'Bash' },\n  engineOptions: { settings: ['.hookwire/hooks.json'] },\n})",
    );
    expect(snippet).toContain('createDeepAgent({ model, tools: [runShell], middleware: [hooks] })');
  });

  it("denies the subagent's rm -rf: the command never runs and the subagent reads the guard's reason", async () => {
    const built = join(root, 'dist', 'langchain.js');
    expect(existsSync(built), 'run `npm run build` first: this step uses the built package').toBe(true);
    const { DEEPAGENTS_TOOL_NAMES, langchainHooksMiddleware } = (await import(
      'hookwire/langchain' as string
    )) as LangchainEntry;
    const ran: string[] = [];
    const runShell = tool(
      async ({ command }) => {
        ran.push(command);
        return `ran ${command}`;
      },
      { name: 'run_shell', description: 'Runs a shell command.', schema: z.object({ command: z.string() }) },
    );
    const model = fakeModel()
      .respondWithTools([
        {
          name: 'task',
          args: { description: 'clean up /tmp/x', subagent_type: 'general-purpose' },
          id: 'call_task',
        },
      ])
      .respondWithTools([{ name: 'run_shell', args: { command: 'rm -rf /tmp/x' }, id: 'call_rm' }])
      .respond(new AIMessage('could not clean up'))
      .respond(new AIMessage('done'));
    // The tutorial runs in the project directory; a test cannot chdir, so it names it as `cwd`.
    const hooks = langchainHooksMiddleware({
      cwd: project,
      toolNames: { ...DEEPAGENTS_TOOL_NAMES, run_shell: 'Bash' },
      engineOptions: { settings: ['.hookwire/hooks.json'] },
    });
    try {
      const agent = createDeepAgent({
        model,
        tools: [runShell],
        middleware: [hooks],
        checkpointer: new MemorySaver(),
      });
      const result = await agent.invoke(
        { messages: [new HumanMessage('clean up /tmp/x')] },
        { configurable: { thread_id: 'tutorial' } },
      );
      expect(ran).toEqual([]);
      expect(result.messages.at(-1)?.text).toBe('done');
      const subagentSaw = (model.calls[2]?.messages ?? []).filter((message) =>
        ToolMessage.isInstance(message),
      );
      expect(subagentSaw.map((message) => [message.tool_call_id, message.status])).toEqual([
        ['call_rm', 'error'],
      ]);
      expect(subagentSaw[0]?.text).toContain('no rm -rf here!');
    } finally {
      await hooks.close();
    }
  }, 60_000);
});
