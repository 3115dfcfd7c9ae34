import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenCodeEvent } from '../../../src/hosts/opencode/opencode-events.js';
import { openCodePluginSource } from '../../../src/hosts/opencode/opencode-plugin-source.js';
import { root } from '../../cli/run-cli.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * The plugin `hookwire init opencode` writes, run under plain Node in a child process and called the way
 * OpenCode 1.18.33 calls a plugin (docs/hosts/opencode.md): `tool.execute.before(input, output)` and the
 * others with OpenCode-shaped objects. The plugin starts the real built hookwire (`npm run build` first).
 */
const HOOKWIRE = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'dist', 'hookwire.cjs'))}`;
const ALL: OpenCodeEvent[] = ['session.created', 'chat.message', 'tool.execute.before', 'tool.execute.after'];
const { state, project } = hostTestProjects('opencode-plugin');

/** The driver: imports the plugin, makes one call, prints what the call left in `output` or what it threw. */
const DRIVER = `
import { HookwirePlugin } from './hookwire.mjs';
const { hook, input, output } = JSON.parse(await new Promise((done) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => done(text));
}));
const hooks = await HookwirePlugin({ client: {}, directory: process.cwd() });
try {
  await hooks[hook](input, output);
  console.log(JSON.stringify({ output }));
} catch (error) {
  console.log(JSON.stringify({ thrown: error.message }));
}
`;

/** Calls `hook` of the plugin written for `dir`'s hooks (run by `command`) in a Node child process. */
function call(
  dir: string,
  hook: string,
  input: Record<string, unknown>,
  output: Record<string, unknown>,
  command = `${HOOKWIRE} run --host opencode --settings ${JSON.stringify(join(dir, '.hookwire', 'hooks.json'))}`,
): Promise<{ output?: Record<string, unknown>; thrown?: string }> {
  writeFileSync(join(dir, 'hookwire.mjs'), openCodePluginSource({ command, events: ALL, version: '0.0.0' }));
  writeFileSync(join(dir, 'driver.mjs'), DRIVER);
  const child = spawn(process.execPath, ['driver.mjs'], {
    cwd: dir,
    env: { ...process.env, HOOKWIRE_STATE_DIR: state, CLAUDE_PROJECT_DIR: dir },
  });
  child.stdin.end(JSON.stringify({ hook, input, output }));
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((done) => child.on('close', () => done(JSON.parse(stdout))));
}

const toolInput = { tool: 'bash', sessionID: 'ses_1', callID: 'call_1' };

describe.concurrent("hookwire's OpenCode plugin", () => {
  it("throws a guard's exit-2 stderr, so OpenCode does not run the call", async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: "echo 'no rm' >&2; exit 2" }, 'Bash'));
    const result = await call(dir, 'tool.execute.before', toolInput, { args: { command: 'rm -rf /' } });
    expect(result).toEqual({ thrown: 'no rm' });
  });

  it("replaces output.args with a rewrite, under OpenCode's keys", async () => {
    const updatedInput = { file_path: '/p/b.ts', old_string: 'x', new_string: 'y' };
    const rewrite = { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput };
    const dir = project(one('PreToolUse', printing({ hookSpecificOutput: rewrite })));
    const args = { filePath: '/p/a.ts', oldString: 'x', newString: 'z' };
    const result = await call(dir, 'tool.execute.before', { ...toolInput, tool: 'edit' }, { args });
    expect(result).toEqual({ output: { args: { filePath: '/p/b.ts', oldString: 'x', newString: 'y' } } });
  });

  it("appends context to a tool's output", async () => {
    const context = { hookEventName: 'PostToolUse', additionalContext: 'CONTEXT' };
    const dir = project(one('PostToolUse', printing({ hookSpecificOutput: context })));
    const output = { title: 't', output: 'ran', metadata: {} };
    const result = await call(dir, 'tool.execute.after', { ...toolInput, args: {} }, output);
    expect(result).toEqual({ output: { ...output, output: 'ran\n\nCONTEXT' } });
  });

  it("adds SessionStart's and UserPromptSubmit's context to the first prompt as text parts", async () => {
    const context = (event: string) =>
      printing({ hookSpecificOutput: { hookEventName: event, additionalContext: `CONTEXT-${event}` } });
    const dir = project({
      ...one('SessionStart', context('SessionStart')),
      ...one('UserPromptSubmit', context('UserPromptSubmit')),
    });
    const part = { id: 'prt_1', messageID: 'msg_1', sessionID: 'ses_1', type: 'text', text: 'hi' };
    const result = await call(dir, 'chat.message', { sessionID: 'ses_1' }, { message: {}, parts: [part] });
    const added = (index: number, text: string) => ({
      id: `prt_1hw${index}`,
      messageID: 'msg_1',
      sessionID: 'ses_1',
      type: 'text',
      text,
      synthetic: true,
    });
    expect(result).toEqual({
      output: {
        message: {},
        parts: [part, added(0, 'CONTEXT-SessionStart'), added(1, 'CONTEXT-UserPromptSubmit')],
      },
    });
  });

  it('fails closed: a hookwire that cannot be started blocks the call, saying why', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    const missing = '/nonexistent/hookwire run --host opencode';
    const result = await call(dir, 'tool.execute.before', toolInput, { args: {} }, missing);
    expect(result.thrown).toMatch(/^hookwire \(tool\.execute\.before\): .*not found/);
  });

  it('negative control: the same plugin with hookwire present lets an allowed call run unchanged', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    const result = await call(dir, 'tool.execute.before', toolInput, { args: { command: 'ls' } });
    expect(result).toEqual({ output: { args: { command: 'ls' } } });
  });
});
