import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DAEMON_PROTOCOL } from '../../src/daemon-protocol/daemon-wire.js';
import { client, clientBinary, daemonWorld, HOOKWIRE_BIN, nodeRun, until } from './daemon-harness.js';

const binary = clientBinary();
const worlds: Array<ReturnType<typeof daemonWorld>> = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stop();
});
function world() {
  const made = daemonWorld();
  worlds.push(made);
  return made;
}

const GUARD = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "refusing: $GUARD_NAME" >&2; exit 2' }] },
      {
        matcher: 'Write',
        hooks: [
          {
            type: 'command',
            command:
              'echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no writes"}}\'',
          },
        ],
      },
    ],
  },
};

describe.skipIf(binary === undefined)('the native client and the daemon', () => {
  const exe = binary as string;

  it('answer every event byte for byte as the Node hookwire run does', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const args = ['--settings', file];
    const events = [
      w.payload(),
      w.payload({ tool_name: 'Write', tool_input: { file_path: 'x', content: '' } }),
      w.payload({ tool_name: 'WebSearch', tool_input: { query: 'q' } }),
      'not json',
    ];
    for (const event of events) {
      const env = { ...w.env, GUARD_NAME: 'per-event' };
      const [viaClient, viaNode] = [await client(exe, args, event, env), await nodeRun(args, event, env)];
      expect(viaClient).toEqual(viaNode);
    }
    // The first event started one daemon, which answered the rest.
    expect(w.daemonPids()).toHaveLength(1);
  });

  it('sees an edited, untrusted and re-trusted hooks file on the very next event', async () => {
    const w = world();
    const guard = (name: string) => ({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `echo ${name} >&2; exit 2` }] }] },
    });
    const file = w.hooks(guard('first'));
    const args = ['--settings', file];
    // The first event's client starts the daemon, which takes the variable: a profile line per event.
    const env = { ...w.env, HOOKWIRE_DAEMON_PROFILE: '1' };
    // The first run makes the home directory, whose real path the trust rules resolve: made here already.
    mkdirSync(w.env.HOME as string, { recursive: true });
    const trustCli = (...more: string[]) =>
      execFileSync(process.execPath, [HOOKWIRE_BIN, 'trust', '--project', w.project, ...more, ...args], {
        env: w.env,
      });
    /** The client's answer, which must be the Node run's, byte for byte. */
    const answer = async () => {
      const viaClient = await client(exe, args, w.payload(), env);
      expect(viaClient).toEqual(await nodeRun(args, w.payload(), env));
      return viaClient;
    };
    expect((await answer()).stderr).toBe('first\n');
    expect((await answer()).stderr).toBe('first\n');
    // Edited to the same size: not trusted until reviewed, and blocked meanwhile.
    writeFileSync(file, JSON.stringify(guard('other')));
    const edited = await answer();
    expect(edited.stdout).toContain('"permissionDecision":"deny"');
    expect(edited.stderr).toContain('changed since you trusted it');
    trustCli('--yes');
    expect((await answer()).stderr).toBe('other\n');
    trustCli('--revoke');
    const revoked = await answer();
    expect(revoked.stdout).toContain('"permissionDecision":"deny"');
    expect(revoked.stderr).toContain('new file');
    trustCli('--yes');
    expect((await answer()).stderr).toBe('other\n');
    expect((await answer()).stderr).toBe('other\n');
    expect(w.daemonPids()).toHaveLength(1);
    // Each change made the next event load the settings again; an unchanged file was loaded once.
    const loadings = [...w.daemonLog().matchAll(/engine \(settings (\w+)\)/g)].map((match) => match[1]);
    expect(loadings).toEqual(['loaded', 'kept', 'loaded', 'loaded', 'loaded', 'loaded', 'kept']);
  });

  it("gives each event its client's environment, and none of the daemon's own", async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const first = await client(exe, ['--settings', file], w.payload(), { ...w.env, GUARD_NAME: 'first' });
    const second = await client(exe, ['--settings', file], w.payload(), { ...w.env, GUARD_NAME: 'second' });
    const third = await client(exe, ['--settings', file], w.payload(), w.env);
    expect([first.stderr, second.stderr, third.stderr]).toEqual([
      'refusing: first\n',
      'refusing: second\n',
      'refusing: \n',
    ]);
  });

  it('starts one daemon for 20 simultaneous first events, and answers all of them', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client(exe, ['--settings', file], w.payload(), { ...w.env, GUARD_NAME: 'x' }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(2));
    expect(w.daemonPids()).toHaveLength(1);
  });

  it('answers a daemon killed mid-event as a blocking hookwire error, without running the event again', async () => {
    const w = world();
    const ran = join(w.project, 'ran');
    const file = w.hooks(
      {
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `echo run >> ${ran}; sleep 20` }] }] },
      },
      'slow.json',
    );
    await client(exe, ['--settings', w.hooks(GUARD)], w.payload(), w.env); // starts the daemon
    const pending = client(exe, ['--settings', file], w.payload(), w.env);
    await until(() => existsSync(ran));
    for (const pid of w.daemonPids()) process.kill(pid, 'SIGKILL');
    const answer = await pending;
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('took the event but gave no answer');
    expect(readFileSync(ran, 'utf8')).toBe('run\n');
  });

  it('ends the hooks of an event whose client the host killed', async () => {
    const w = world();
    const pidFile = join(w.project, 'hook.pid');
    const file = w.hooks({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: `echo $$ > ${pidFile}; exec sleep 30` }] }],
      },
    });
    let clientPid = 0;
    const pending = client(exe, ['--settings', file], w.payload(), w.env, (pid) => {
      clientPid = pid;
    });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'));
    const hookPid = Number(readFileSync(pidFile, 'utf8'));
    process.kill(clientPid, 'SIGTERM');
    await pending;
    await until(() => !isAlive(hookPid));
    // The daemon goes on serving.
    const next = await client(exe, ['--settings', w.hooks(GUARD)], w.payload(), {
      ...w.env,
      GUARD_NAME: 'n',
    });
    expect(next.code).toBe(2);
  });

  it('falls back to the Node run before any greeting: a daemon of another version, a stale socket', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const socketPath = execFileSync(exe, ['--hookwire', HOOKWIRE_BIN, '--socket-path'], { env: w.env })
      .toString()
      .trim();
    // Another version's daemon on our socket name: it greets in its own version, and is never sent the event.
    let sentTo = 0;
    const impostor = createServer((socket) => {
      // The client closes on it, maybe with the version unread: a reset here.
      socket.on('error', () => undefined);
      const hello = Buffer.alloc(12 + 5);
      hello.write('HWH1');
      hello.writeUInt32LE(DAEMON_PROTOCOL, 4);
      hello.writeUInt32LE(5, 8);
      hello.write('9.9.9', 12);
      socket.write(hello);
      socket.on('data', () => {
        sentTo++;
      });
    });
    await new Promise<void>((resolve) => impostor.listen(socketPath, resolve));
    const env = { ...w.env, GUARD_NAME: 'fallback' };
    try {
      const answer = await client(exe, ['--settings', file], w.payload(), env);
      expect(answer).toEqual(await nodeRun(['--settings', file], w.payload(), env));
      expect(sentTo).toBe(0);
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
    }
  });

  it('replaces a stale socket that a killed daemon left', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const socketPath = execFileSync(exe, ['--hookwire', HOOKWIRE_BIN, '--socket-path'], { env: w.env })
      .toString()
      .trim();
    const listener = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(socketPath)})`,
    ]);
    await until(() => existsSync(socketPath));
    listener.kill('SIGKILL');
    await new Promise((resolve) => listener.once('exit', resolve));
    expect(existsSync(socketPath)).toBe(true);
    const answer = await client(exe, ['--settings', file], w.payload(), { ...w.env, GUARD_NAME: 'stale' });
    expect(answer.stderr).toBe('refusing: stale\n');
    expect(w.daemonPids()).toHaveLength(1);
  });

  it('never uses a runtime directory others may enter, and falls back to the Node run', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    execFileSync('mkdir', ['-p', w.daemonDirectory]);
    chmodSync(w.daemonDirectory, 0o755);
    const env = { ...w.env, GUARD_NAME: 'open' };
    const answer = await client(exe, ['--settings', file], w.payload(), env);
    expect(answer).toEqual(await nodeRun(['--settings', file], w.payload(), env));
    expect(w.daemonPids()).toEqual([]);
  });

  it('computes the socket path as hookwire daemon does', async () => {
    const w = world();
    const fromClient = execFileSync(exe, ['--hookwire', HOOKWIRE_BIN, '--socket-path'], {
      env: w.env,
    }).toString();
    const { daemonSocketPath } = await import('../../src/daemon-protocol/daemon-socket.js');
    expect(fromClient).toBe(`${daemonSocketPath(HOOKWIRE_BIN, w.env)}\n`);
  });

  it('HOOKWIRE_DAEMON=0 answers through the Node run', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const env = { ...w.env, HOOKWIRE_DAEMON: '0', GUARD_NAME: 'off' };
    expect(await client(exe, ['--settings', file], w.payload(), env)).toEqual(
      await nodeRun(['--settings', file], w.payload(), env),
    );
    expect(w.daemonPids()).toEqual([]);
  });

  it('answers events that race the idle exit', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const env = { ...w.env, HOOKWIRE_DAEMON_IDLE_MS: '150', GUARD_NAME: 'idle' };
    const codes: Array<number | null> = [];
    for (let round = 0; round < 8; round++) {
      codes.push((await client(exe, ['--settings', file], w.payload(), env)).code);
      await new Promise((resolve) => setTimeout(resolve, 100 + 15 * round));
    }
    expect(codes).toEqual(Array(8).fill(2));
  });

  it('exits when idle after its hooks ran through the spawn helper, which ends with it', async () => {
    const w = world();
    const file = w.hooks(GUARD);
    const env = { ...w.env, HOOKWIRE_DAEMON_IDLE_MS: '300', GUARD_NAME: 'idle' };
    expect((await client(exe, ['--settings', file], w.payload(), env)).code).toBe(2);
    expect(w.daemonLog()).toContain('--spawner');
    const [pid] = w.daemonPids();
    expect(pid).toBeGreaterThan(1);
    const startedAt = Date.now();
    while (isAlive(pid as number) && Date.now() - startedAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isAlive(pid as number)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
