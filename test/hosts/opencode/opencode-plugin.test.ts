import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { version } from '../../../src/common/version.js';
import { daemonSocketPath } from '../../../src/daemon-protocol/daemon-socket.js';
import type { OpenCodeEvent } from '../../../src/hosts/opencode/opencode-events.js';
import {
  openCodePluginSource,
  type PluginDaemon,
} from '../../../src/hosts/opencode/opencode-plugin-source.js';
import { root } from '../../cli/run-cli.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * The plugin `hookwire init opencode` writes, run under plain Node in a child process and called the way
 * OpenCode 1.18.33 calls a plugin (docs/hosts/opencode.md): `tool.execute.before(input, output)` and the
 * others with OpenCode-shaped objects. The plugin starts the real built hookwire (`npm run build` first):
 * `hookwire run` per event, or with `daemon` the real daemon, which it starts and then asks over its socket.
 */
const BIN = join(root, 'dist', 'hookwire.cjs');
const HOOKWIRE = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`;
const ALL: OpenCodeEvent[] = ['session.created', 'chat.message', 'tool.execute.before', 'tool.execute.after'];
const { state, project, temporary } = hostTestProjects('opencode-plugin');
/** This installation's daemon, as `init` names it in the plugin. */
const DAEMON: PluginDaemon = {
  node: process.execPath,
  hookwire: BIN,
  socketName: basename(daemonSocketPath(BIN, {}) ?? ''),
  version,
};
let runtimes = 0;
/** A runtime directory of its own (0700), so that each test starts and reaches a daemon of its own. */
function runtimeDirectory(): string {
  const directory = join(temporary, `run-${++runtimes}`);
  mkdirSync(directory, { mode: 0o700 });
  return directory;
}
const daemons: string[] = [];
afterAll(async () => {
  // Each daemon a test started exits once its socket is gone and it is idle; stop them now.
  for (const directory of daemons) {
    const hookwire = join(directory, 'hookwire');
    if (!existsSync(hookwire)) continue;
    for (const name of readdirSync(hookwire).filter((file) => file.endsWith('.log'))) {
      const pid = /pid (\d+)/.exec(readFileSync(join(hookwire, name), 'utf8'))?.[1];
      if (pid !== undefined) process.kill(Number(pid), 'SIGTERM');
    }
  }
});

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
  daemon: { plugin: PluginDaemon; runtime: string } | null = null,
): Promise<{ output?: Record<string, unknown>; thrown?: string }> {
  const runArguments = ['run', '--host', 'opencode', '--settings', join(dir, '.hookwire', 'hooks.json')];
  const source = openCodePluginSource({
    host: 'opencode',
    command,
    runArguments,
    daemon: daemon?.plugin ?? null,
    events: ALL,
    version: '0.0.0',
  });
  writeFileSync(join(dir, 'hookwire.mjs'), source);
  writeFileSync(join(dir, 'driver.mjs'), DRIVER);
  const child = spawn(process.execPath, ['driver.mjs'], {
    cwd: dir,
    env: {
      ...process.env,
      HOOKWIRE_STATE_DIR: state,
      CLAUDE_PROJECT_DIR: dir,
      ...(daemon === null ? {} : { XDG_RUNTIME_DIR: daemon.runtime }),
    },
  });
  child.stdin.end(JSON.stringify({ hook, input, output }));
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((done) => child.on('close', () => done(JSON.parse(stdout))));
}

const toolInput = { tool: 'bash', sessionID: 'ses_1', callID: 'call_1' };

/**
 * The Stop driver: a session.idle event handed to the plugin as the host's bus does, with a client whose
 * promptAsync records each prompt; prints how many were sent before the handler's first yield (what Kilo's
 * `run` takes, docs/hosts/kilo.md) and in all, and the plugin's stderr.
 */
const STOP_DRIVER = `
import { HookwirePlugin } from './hookwire.mjs';
const prompts = [];
const client = { session: { promptAsync: async (request) => { prompts.push(request.body.parts[0].text); } } };
const hooks = await HookwirePlugin({ client, directory: process.cwd() });
const idle = { event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } };
const handled = hooks.event(idle);
const beforeYield = prompts.length;
await handled;
console.log(JSON.stringify({ beforeYield, prompts }));
`;

/** Hands one session.idle to the plugin written for `dir`'s Stop hooks; what STOP_DRIVER printed. */
function stop(dir: string): Promise<{ beforeYield: number; prompts: string[] }> {
  const hooksFile = join(dir, '.hookwire', 'hooks.json');
  const source = openCodePluginSource({
    host: 'kilo',
    command: `${HOOKWIRE} run --host kilo --settings ${JSON.stringify(hooksFile)}`,
    runArguments: ['run', '--host', 'kilo', '--settings', hooksFile],
    daemon: null,
    events: ['session.idle'],
    version: '0.0.0',
  });
  writeFileSync(join(dir, 'hookwire.mjs'), source);
  writeFileSync(join(dir, 'stop-driver.mjs'), STOP_DRIVER);
  const child = spawn(process.execPath, ['stop-driver.mjs'], {
    cwd: dir,
    env: { ...process.env, HOOKWIRE_STATE_DIR: state, CLAUDE_PROJECT_DIR: dir },
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((done) => child.on('close', () => done(JSON.parse(stdout))));
}

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

  it("sends a Stop block's reason as the next prompt before the handler first yields (Kilo's run ends at it)", async () => {
    const dir = project(one('Stop', printing({ decision: 'block', reason: 'run the tests' })));
    expect(await stop(dir)).toEqual({ beforeYield: 1, prompts: ['run the tests'] });
  });

  it('negative control: a Stop hook that lets the session stop sends no prompt', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    expect(await stop(dir)).toEqual({ beforeYield: 0, prompts: [] });
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

  it('with the daemon: starts it, and it answers (the `hookwire run` command is never needed)', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: "echo 'no rm' >&2; exit 2" }, 'Bash'));
    const runtime = runtimeDirectory();
    daemons.push(runtime);
    const missing = '/nonexistent/hookwire run --host opencode';
    const daemon = { plugin: DAEMON, runtime };
    const first = await call(dir, 'tool.execute.before', toolInput, { args: {} }, missing, daemon);
    expect(first).toEqual({ thrown: 'no rm' });
    expect(readdirSync(join(runtime, 'hookwire'))).toContain(DAEMON.socketName);
    // Warm: the next event's plugin (a new process) finds the daemon already there.
    const rewrite = {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { command: 'ls -l' },
    };
    const warm = project(one('PreToolUse', printing({ hookSpecificOutput: rewrite })));
    const second = await call(
      warm,
      'tool.execute.before',
      toolInput,
      { args: { command: 'ls' } },
      missing,
      daemon,
    );
    expect(second).toEqual({ output: { args: { command: 'ls -l' } } });
  });

  it('with a daemon that cannot be started: `hookwire run` answers instead', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: "echo 'no rm' >&2; exit 2" }, 'Bash'));
    const daemon = { plugin: { ...DAEMON, node: '/nonexistent/node' }, runtime: runtimeDirectory() };
    const result = await call(dir, 'tool.execute.before', toolInput, { args: {} }, undefined, daemon);
    expect(result).toEqual({ thrown: 'no rm' });
  });

  it('with a daemon that cannot be started and no hookwire to run: blocks, saying why', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    const daemon = { plugin: { ...DAEMON, node: '/nonexistent/node' }, runtime: runtimeDirectory() };
    const missing = '/nonexistent/hookwire run --host opencode';
    const result = await call(dir, 'tool.execute.before', toolInput, { args: {} }, missing, daemon);
    expect(result.thrown).toMatch(/^hookwire \(tool\.execute\.before\): .*not found/);
  });
});
