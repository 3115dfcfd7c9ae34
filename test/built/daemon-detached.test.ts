import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { client, clientBinary, daemonWorld, HOOKWIRE_BIN, until } from './daemon-harness.js';

const binary = clientBinary();
const worlds: Array<ReturnType<typeof daemonWorld>> = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stop();
});

/**
 * Starts the client as Claude Code starts a hook of an event it does not wait for (a process group of its
 * own, the payload on stdin), waits for it to exit, then ends its group as Claude Code does at the end of a
 * session: SIGTERM, then SIGKILL. Resolves with the exit code and what it printed.
 */
async function fireAsHost(exe: string, args: readonly string[], input: string, env: NodeJS.ProcessEnv) {
  const child = spawn(exe, ['--hookwire', HOOKWIRE_BIN, '--node', process.execPath, 'run', ...args], {
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stdin.end(input);
  // 'close': the exit and the end of stdout and stderr, which a host reads to their end.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // The group is empty: the client left nothing in it.
    }
  }
  return { code, output };
}

describe.skipIf(binary === undefined)('events the host does not wait for, through the native client', () => {
  const exe = binary as string;

  /*
   * The hook waits for a gate the test opens only once the client has exited and its group was killed:
   * the event is delivered after the host has gone, which only a detached delivery survives.
   */
  function gatedWorld(extraEnv: NodeJS.ProcessEnv = {}) {
    const w = daemonWorld();
    worlds.push(w);
    const gate = join(w.base, 'gate');
    const delivered = join(w.base, 'delivered');
    const file = w.hooks({
      hooks: {
        StopFailure: [
          {
            hooks: [
              {
                type: 'command',
                command: `while [ ! -e ${gate} ]; do sleep 0.02; done; cat > ${delivered}`,
              },
            ],
          },
        ],
      },
    });
    const payload = w.payload({ hook_event_name: 'StopFailure', error: 'server_error' });
    return {
      w,
      args: ['--settings', file, 'StopFailure'],
      payload,
      env: { ...w.env, ...extraEnv },
      open: () => writeFileSync(gate, ''),
      delivered: () => existsSync(delivered) && readFileSync(delivered, 'utf8').includes('"server_error"'),
    };
  }

  it.each([
    ['a warm daemon', {}, true, 1],
    ['a daemon the event starts', {}, false, 1],
    ['the Node fallback', { HOOKWIRE_DAEMON: '0' }, false, 0],
  ] as const)(
    'delivers a StopFailure through %s after the host killed the hook',
    async (_, extra, warm, daemons) => {
      const world = gatedWorld(extra);
      if (warm) await client(exe, ['--settings', world.args[1] as string], world.w.payload(), world.env);
      const answer = await fireAsHost(exe, world.args, world.payload, world.env);
      expect(answer).toEqual({ code: 0, output: '' });
      world.open();
      await until(world.delivered);
      expect(world.w.daemonPids()).toHaveLength(daemons);
    },
  );

  it('waits, as before, for an event the host waits for', async () => {
    const world = gatedWorld();
    const file = world.w.hooks({
      hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo late >&2; exit 2' }] }] },
    });
    expect(await fireAsHost(exe, ['--settings', file, 'PreToolUse'], world.w.payload(), world.env)).toEqual({
      code: 2,
      output: 'late\n',
    });
  });
});
