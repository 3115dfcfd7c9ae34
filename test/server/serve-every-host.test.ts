import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, root, runCli } from '../cli/run-cli.js';
import { freePort } from '../support/redis-server.js';
import { type StartedServe, startServe } from '../support/start-serve.js';

/*
 * Every host through one real `hookwire serve` on loopback (docs/serve.md, "Every agent"): a request that
 * names its agent (`?host=`) is answered in that agent's words, and `hookwire run --host H --server URL`,
 * for agents without http hooks, answers exactly as `hookwire run --host H --settings FILE` would with the
 * same hooks on this machine: the same stdout, stderr and exit code.
 */

const SETTINGS = 'test/fixtures/server/every-host.json';
const TOKEN = 'serve-every-host-token';
const timestamp = '2026-01-01T00:00:00.000Z';

interface Case {
  readonly host: string;
  /** The EVENT argument, for a host whose payload does not name its event. */
  readonly event?: string;
  readonly pathEvent: string;
  readonly payload: Record<string, unknown>;
  /** What the http answer must hold, in the host's own words. */
  readonly http: Record<string, unknown>;
}

const session = { session_id: 'every-host', cwd: root };
const CASES: readonly Case[] = [
  {
    host: 'claude-code',
    pathEvent: 'PreToolUse',
    payload: {
      ...session,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf x' },
    },
    http: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } },
  },
  {
    host: 'gemini',
    pathEvent: 'BeforeTool',
    payload: {
      ...session,
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'rm -rf x' },
      timestamp,
    },
    http: { decision: 'deny', reason: 'no rm -rf here' },
  },
  {
    host: 'gemini',
    pathEvent: 'BeforeAgent',
    payload: { ...session, hook_event_name: 'BeforeAgent', prompt: 'hello', timestamp },
    http: {
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'team policy: no force pushes' },
    },
  },
  {
    host: 'codex',
    pathEvent: 'PreToolUse',
    payload: {
      ...session,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf x' },
      model: 'stand-in',
      turn_id: 't1',
    },
    http: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } },
  },
  {
    host: 'copilot',
    event: 'preToolUse',
    pathEvent: 'preToolUse',
    payload: {
      sessionId: 'every-host',
      cwd: root,
      toolName: 'bash',
      toolArgs: JSON.stringify({ command: 'rm -rf x' }),
      timestamp: 1,
    },
    http: { permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf here' },
  },
];

let serve: StartedServe;
let url: string;

beforeAll(async () => {
  serve = startServe(['--settings', SETTINGS, '--port', '0'], { HOOKWIRE_SERVE_TOKEN: TOKEN });
  const listening = await serve.listening;
  if (listening === null) throw new Error(`serve did not start:\n${serve.stderr()}`);
  url = listening;
}, 60_000);
afterAll(async () => {
  serve?.child.kill('SIGTERM');
  await serve?.exited;
});

function run(host: string, event: string | undefined, where: readonly string[], payload: unknown, env = {}) {
  return runCli(
    ['run', '--host', host, ...where, ...(event === undefined ? [] : [event])],
    JSON.stringify(payload),
    env,
  );
}

async function postAs(host: string, event: string, payload: unknown, token = TOKEN) {
  const response = await fetch(`${url}/hooks/${event}?host=${host}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('every host through serve', () => {
  it.each(CASES)(
    '$host $pathEvent: the http answer in the host’s words',
    async (each) => {
      const answer = await postAs(each.host, each.pathEvent, each.payload);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(each.http);
    },
    60_000,
  );

  it.each(CASES)(
    '$host $pathEvent: hookwire run --server answers exactly as hookwire run --settings here',
    async (each) => {
      const [local, remote] = await Promise.all([
        run(each.host, each.event, ['--settings', SETTINGS], each.payload),
        run(each.host, each.event, ['--server', url], each.payload, { HOOKWIRE_SERVE_TOKEN: TOKEN }),
      ]);
      expect(remote).toEqual(local);
      // And it said something: the hooks ran on the server.
      expect(remote.stdout).toMatch(/deny|team policy/);
    },
    60_000,
  );
});

describe('hookwire run --server fails closed, located', () => {
  const payload = CASES[0]?.payload ?? {};
  const blocked = (result: CliResult, why: RegExp) => {
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^hookwire run: blocked this PreToolUse because hookwire failed \(fail closed\): /,
    );
    expect(result.stderr).toMatch(why);
  };

  it('without a token in the environment (never on the command line)', async () => {
    blocked(
      await run('claude-code', undefined, ['--server', url], payload, { HOOKWIRE_SERVE_TOKEN: '' }),
      /needs its token in the variable HOOKWIRE_SERVE_TOKEN/,
    );
  }, 60_000);

  it('with a token the server refuses, naming another variable', async () => {
    blocked(
      await run('claude-code', undefined, ['--server', url, '--token-env', 'TEAM_TOKEN'], payload, {
        TEAM_TOKEN: 'wrong',
      }),
      /answered 401: unauthorized/,
    );
  }, 60_000);

  it('when no server listens there', async () => {
    const port = await freePort();
    blocked(
      await run('claude-code', undefined, ['--server', `http://127.0.0.1:${port}`], payload, {
        HOOKWIRE_SERVE_TOKEN: TOKEN,
      }),
      /could not be asked: ECONNREFUSED/,
    );
  }, 60_000);

  it('to a plain http server off this machine: the token would cross the network in clear', async () => {
    blocked(
      await run('claude-code', undefined, ['--server', 'http://hooks.example.com'], payload, {
        HOOKWIRE_SERVE_TOKEN: TOKEN,
      }),
      /--server must be https:\/\/ \(http:\/\/ only to this machine\)/,
    );
  }, 60_000);

  it('with hooks of its own beside it', async () => {
    blocked(
      await run('claude-code', undefined, ['--server', url, '--settings', SETTINGS], payload, {
        HOOKWIRE_SERVE_TOKEN: TOKEN,
      }),
      /--server runs no hook here/,
    );
  }, 60_000);
});
