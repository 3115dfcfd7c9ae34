import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFileName } from '../../src/engine/background/delivery-store.js';
import { client, clientBinary, daemonWorld, HOOKWIRE_BIN, nodeRun, until } from './daemon-harness.js';

const binary = clientBinary();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function world() {
  const made = daemonWorld();
  cleanups.push(() => made.stop());
  return made;
}

/** Trusts `file` in the trust store of `env`'s state directory, as a user with that environment would. */
function trust(file: string, project: string, env: NodeJS.ProcessEnv): void {
  execFileSync('node', [HOOKWIRE_BIN, 'trust', '--project', project, '--settings', file, '--yes'], { env });
}

/*
 * The daemon answers events of many environments: it must take the state directory, the trust store, the
 * cwd and a model's credentials from each request, never from the environment it was started with (the
 * first event's) nor from another request's.
 */
describe.skipIf(binary === undefined)("each event's environment, for that event only", () => {
  const exe = binary as string;

  it("keeps a background result in its own event's HOOKWIRE_STATE_DIR, where the Node run takes it", async () => {
    const w = world();
    const first = w.env;
    const second = { ...w.env, HOOKWIRE_STATE_DIR: join(w.base, 'state-2') };
    const context = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'BACKGROUND_DONE' },
    });
    const file = w.hooks({
      hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: `echo '${context}'`, async: true }] }] },
    });
    trust(file, w.project, second);
    // The daemon starts with the second environment: its own process.env is that one.
    expect((await client(exe, ['--settings', file], w.payload({ session_id: 'warm' }), second)).code).toBe(0);
    const post = w.payload({ hook_event_name: 'PostToolUse', session_id: 'sess-a', tool_response: {} });
    expect(await client(exe, ['--settings', file], post, first)).toEqual({ code: 0, stdout: '', stderr: '' });

    const name = await sessionFileName('sess-a');
    const inFirst = join(first.HOOKWIRE_STATE_DIR as string, name);
    const inSecond = join(second.HOOKWIRE_STATE_DIR, name);
    await until(() => existsSync(inFirst) || existsSync(inSecond));
    expect([existsSync(inFirst), existsSync(inSecond)]).toEqual([true, false]);
    const next = await nodeRun(
      ['--settings', file],
      w.payload({ hook_event_name: 'UserPromptSubmit', session_id: 'sess-a', prompt: 'next' }),
      first,
    );
    expect(next.stdout).toContain('BACKGROUND_DONE');
  });

  it("checks each event's hooks against its own trust store", async () => {
    const w = world();
    const file = w.hooks({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo guarded >&2; exit 2' }] }] },
    });
    const untrusting = { ...w.env, HOOKWIRE_STATE_DIR: join(w.base, 'state-2') };
    const trusted = await client(exe, ['--settings', file], w.payload(), w.env);
    const other = await client(exe, ['--settings', file], w.payload(), untrusting);
    expect(trusted).toEqual({ code: 2, stdout: '', stderr: 'guarded\n' });
    expect(other).toEqual(await nodeRun(['--settings', file], w.payload(), untrusting));
    expect(other.stderr).not.toContain('guarded');
    expect(w.daemonPids()).toHaveLength(1);
  });

  it("finds the state directory under each event's own HOME when HOOKWIRE_STATE_DIR is not set", async () => {
    const w = world();
    const file = w.hooks({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo guarded >&2; exit 2' }] }] },
    });
    const homes = ['home-a', 'home-b'].map((name) => {
      const env: NodeJS.ProcessEnv = { ...w.env, HOME: join(w.base, name) };
      delete env.HOOKWIRE_STATE_DIR;
      trust(file, w.project, env);
      return env;
    });
    for (const env of homes) {
      expect(await client(exe, ['--settings', file], w.payload(), env)).toEqual({
        code: 2,
        stdout: '',
        stderr: 'guarded\n',
      });
    }
    expect(w.daemonPids()).toHaveLength(1);
  });

  it("resolves a relative --settings and HOOKWIRE_STATE_DIR against the client's cwd, not the daemon's", async () => {
    const w = world();
    w.hooks({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo "from $PWD" >&2; exit 2' }] }] },
    });
    const elsewhere = join(w.base, 'elsewhere');
    mkdirSync(elsewhere);
    const fire = (cwd: string, env: NodeJS.ProcessEnv) =>
      spawnSync(
        exe,
        ['--hookwire', HOOKWIRE_BIN, '--node', process.execPath, 'run', '--settings', 'hooks.json'],
        {
          cwd,
          env,
          input: w.payload(),
          encoding: 'utf8',
        },
      );
    // The daemon starts from elsewhere, where no hooks.json is.
    fire(elsewhere, w.env);
    expect(w.daemonPids()).toHaveLength(1);
    const relative = { ...w.env, HOOKWIRE_STATE_DIR: '../state' };
    const answer = fire(w.project, relative);
    expect([answer.status, answer.stderr]).toEqual([2, `from ${w.project}\n`]);
    expect(w.daemonPids()).toHaveLength(1);
  });

  it("sends a prompt hook's ANTHROPIC_AUTH_TOKEN of its own event, never the first event's", async () => {
    const seen: Array<string | undefined> = [];
    const server = http.createServer((request, response) => {
      seen.push(request.headers.authorization);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'judge-1',
            content: [{ type: 'text', text: '{"ok": true}' }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.close());
    const w = world();
    const file = w.hooks({
      hooks: { PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'Safe? $ARGUMENTS' }] }] },
    });
    const model = {
      ...w.env,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      HOOKWIRE_MODEL: 'judge-1',
    };
    const first = { ...model, ANTHROPIC_AUTH_TOKEN: 'first-token' };
    const second = { ...model, ANTHROPIC_AUTH_TOKEN: 'second-token' };
    for (const env of [first, second]) {
      expect(await client(exe, ['--settings', file], w.payload(), env)).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    }
    // No credentials of its own: the SDK sends nothing (the first event's token would have been sent).
    expect(await client(exe, ['--settings', file], w.payload(), model)).toEqual(
      await nodeRun(['--settings', file], w.payload(), model),
    );
    expect(seen).toEqual(['Bearer first-token', 'Bearer second-token']);
    expect(w.daemonPids()).toHaveLength(1);
  });
});

/** The daemon's own log never holds an environment: the secret of a request is nowhere in its files. */
describe.skipIf(binary === undefined)('the daemon log', () => {
  it('holds no request environment', async () => {
    const w = world();
    const file = w.hooks({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 0' }] }] } });
    await client(binary as string, ['--settings', file], w.payload(), { ...w.env, SECRET: 'hunter2-secret' });
    const logs = execFileSync('sh', ['-c', `cat ${w.daemonDirectory}/*.log`], { encoding: 'utf8' });
    expect(logs).toContain('listening on');
    expect(logs).not.toContain('hunter2-secret');
  });
});
