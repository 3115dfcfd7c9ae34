import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCodePluginSource } from '../../src/hosts/opencode/opencode-plugin-source.js';
import {
  type AnswerStep,
  type DaemonScript,
  type Hello,
  play,
  type RequestStep,
  VERSION,
} from './fake-daemon.js';

/*
 * The OpenCode/Kilo plugin's side of the daemon's wire fails closed (docs/daemon.md, "The OpenCode and Kilo
 * plugin"): against a daemon that misbehaves at every step (the native client's fake daemon,
 * test/fuzz/fake-daemon.ts), the plugin's `tool.execute.before` applies the daemon's answer, or `hookwire
 * run`'s when no daemon greeted (a fallback command that answers FALLBACK), or blocks with hookwire's located
 * reason; once greeted, never the fallback. Each case: the real plugin in a Node process of its own, a real
 * socket server. Exhaustive over the steps, each once with the others well-behaved.
 */
const base = mkdtempSync(join(tmpdir(), 'hookwire-plugin-wire-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
// The plugin's bound on every wait (HOOKWIRE_CLIENT_WAIT_MS): the cases that hang cost this much each; long
// enough for a greeting from this process on a loaded machine, which the cases run one at a time for.
const WAIT_MS = 4000;
const SOCKET = 'daemon-test.sock';
const fallback = join(base, 'fallback');
writeFileSync(fallback, '#!/bin/sh\ncat > /dev/null\necho \'{"block":"FALLBACK"}\'\n');
chmodSync(fallback, 0o755);

const DRIVER = `
const { HookwirePlugin } = await import(process.argv[2]);
const hooks = await HookwirePlugin({ client: {}, directory: process.cwd() });
const output = { args: { command: 'ls' } };
try {
  await hooks['tool.execute.before']({ tool: 'bash', sessionID: 'ses_1', callID: 'call_1' }, output);
  console.log(JSON.stringify({ output }));
} catch (error) {
  console.log(JSON.stringify({ thrown: error.message }));
}
`;
writeFileSync(join(base, 'driver.mjs'), DRIVER);

/** The plugin as init writes it, its daemon the fake one; `mutate` changes its source (negative controls). */
function pluginFile(name: string, mutate: (source: string) => string = (source) => source): string {
  const source = openCodePluginSource({
    host: 'opencode',
    command: fallback,
    runArguments: ['run', '--host', 'opencode', '--settings', 'hooks.json'],
    daemon: {
      node: '/nonexistent/node',
      hookwire: '/nonexistent/hookwire.cjs',
      socketName: SOCKET,
      version: VERSION,
    },
    events: ['tool.execute.before'],
    version: VERSION,
  });
  const file = join(base, `${name}.mjs`);
  writeFileSync(file, mutate(source));
  return file;
}
const PLUGIN = pluginFile('plugin');

type Result = { output?: unknown; thrown?: string };
let cases = 0;
/** One event through `plugin` with `script` played on its socket (none: no daemon there). */
async function event(plugin: string, script: DaemonScript | undefined): Promise<Result> {
  const runtime = join(base, `case-${++cases}`);
  mkdirSync(join(runtime, 'hookwire'), { recursive: true, mode: 0o700 });
  chmodSync(runtime, 0o700);
  chmodSync(join(runtime, 'hookwire'), 0o700);
  const connections: Socket[] = [];
  const server =
    script === undefined
      ? undefined
      : await new Promise<Server>((resolve, reject) => {
          const listening = createServer((socket) => {
            connections.push(socket);
            void play(socket, script);
          });
          listening.once('error', reject);
          listening.listen(join(runtime, 'hookwire', SOCKET), () => resolve(listening));
        });
  try {
    const child = spawn(process.execPath, [join(base, 'driver.mjs'), plugin], {
      cwd: base,
      // No daemon is ever started here: the fake one is the only one.
      env: {
        PATH: process.env.PATH,
        XDG_RUNTIME_DIR: runtime,
        HOOKWIRE_DAEMON: '0',
        HOOKWIRE_CLIENT_WAIT_MS: String(WAIT_MS),
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await new Promise((done) => child.on('close', done));
    return JSON.parse(stdout) as Result;
  } finally {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  }
}

const BLOCKED = /^hookwire \(tool\.execute\.before\): /;
/** What was wrong with `result` for `script`, or undefined (the property of docs/daemon.md). */
function violation(script: DaemonScript | undefined, result: Result): string | undefined {
  const fellBack = result.thrown === 'FALLBACK';
  if (script?.hello !== 'ok') return fellBack ? undefined : `no greeting, yet ${JSON.stringify(result)}`;
  if (fellBack) return 'fell back to hookwire run after a daemon greeted: the event could run twice';
  const { answer } = script;
  if (script.request === 'read-all' && answer.kind === 'valid') {
    const expected =
      answer.code === 0
        ? { output: { args: { command: 'ls' } } }
        : { thrown: `hookwire (tool.execute.before): ${answer.stderr.trim()}` };
    return JSON.stringify(result) === JSON.stringify(expected)
      ? undefined
      : `not the daemon's answer: ${JSON.stringify(result)}`;
  }
  return BLOCKED.test(result.thrown ?? '')
    ? undefined
    : `not blocked with a reason: ${JSON.stringify(result)}`;
}

const valid = (fields: Partial<Extract<AnswerStep, { kind: 'valid' }>> = {}): AnswerStep => ({
  kind: 'valid',
  code: 0,
  stdout: '{"decision":"ok"}\n',
  stderr: '',
  heartbeats: 0,
  chunks: 1,
  delayMs: 0,
  ...fields,
});
const HELLOS: Hello[] = [
  'close',
  'hang',
  'partial-close',
  'partial-hang',
  'garbage',
  'other-protocol',
  'other-version',
];
const REQUESTS: RequestStep[] = ['close-at-once', 'close-midway', 'answer-before-reading'];
const ANSWERS: AnswerStep[] = [
  valid(),
  valid({ code: 2, stdout: '', stderr: 'denied\n' }),
  valid({ code: 1, stderr: 'from the hook\n' }),
  valid({ heartbeats: 3, chunks: 5, delayMs: 20 }),
  { kind: 'short', cut: 0 },
  { kind: 'short', cut: 3 },
  { kind: 'short', cut: 11 },
  { kind: 'short', cut: 17 },
  { kind: 'long', extra: 1 },
  { kind: 'long', extra: 100 },
  { kind: 'garbage', bytes: new TextEncoder().encode('not an answer at all') },
  { kind: 'code-over-255', code: 256 },
  { kind: 'close' },
  { kind: 'hang' },
  { kind: 'close-mid-answer', heartbeats: 2 },
];
const CASES: Array<[string, DaemonScript | undefined]> = [
  ['no daemon', undefined],
  ...HELLOS.map((hello): [string, DaemonScript] => [
    `hello ${hello}`,
    { hello, request: 'read-all', answer: valid() },
  ]),
  ...REQUESTS.map((request): [string, DaemonScript] => [
    `request ${request}`,
    { hello: 'ok', request, answer: valid() },
  ]),
  ...ANSWERS.map((answer): [string, DaemonScript] => [
    `answer ${JSON.stringify(answer).slice(0, 60)}`,
    { hello: 'ok', request: 'read-all', answer },
  ]),
];

describe('the OpenCode/Kilo plugin against a daemon misbehaving at each step', () => {
  it.each(CASES)('%s: the answer, hookwire run, or a block with a reason', async (_name, script) => {
    expect(violation(script, await event(PLUGIN, script))).toBeUndefined();
  });

  it('negative control: a plugin that falls back after a greeting is caught', async () => {
    const careless = pluginFile('careless', (source) => {
      const mutated = source.replace(
        'return exchange(greeted, request, socketPath);',
        'const answer = await exchange(greeted, request, socketPath); return answer.code === 2 ? undefined : answer;',
      );
      // The mutation must have taken: else the control proves nothing.
      if (mutated === source) throw new Error('the plugin no longer has the line the control changes');
      return mutated;
    });
    const script: DaemonScript = { hello: 'ok', request: 'read-all', answer: { kind: 'close' } };
    expect(violation(script, await event(careless, script))).toMatch(/could run twice/);
  });
});
