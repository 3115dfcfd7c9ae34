import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { client, clientBinary, daemonWorld, HOOKWIRE_BIN, nodeRun } from './daemon-harness.js';

const binary = clientBinary();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const TOKEN = 'daemon-server-token';
const DENY = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'central policy: no rm',
  },
});

/** The built `hookwire serve` on loopback with `settings`, its token from the environment; resolves its URL. */
function serve(settings: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(
    process.execPath,
    [HOOKWIRE_BIN, 'serve', '--settings', settings, '--port', '0', '--host', '127.0.0.1'],
    { env: { ...env, HOOKWIRE_SERVE_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  cleanups.unshift(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${text}`)));
  });
}

/*
 * The native client with `--server URL` (docs/serve.md, "Agents without http hooks"): it hands the event to
 * the warm daemon as always, and the daemon carries it to the remote serve with the token of the client's
 * environment. The answer is what the Node `hookwire run --server` gives, and what the server's hooks say.
 */
describe.skipIf(binary === undefined)(
  'the native client forwards through its daemon to a remote serve',
  () => {
    const exe = binary as string;

    it('answers Gemini CLI in its own words, as the Node run --server does; the daemon did the forwarding', async () => {
      const world = daemonWorld();
      cleanups.push(() => world.stop());
      const settings = world.hooks({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo '${DENY}'` }] }] },
      });
      const url = await serve(settings, world.env);
      const payload = JSON.stringify({
        hook_event_name: 'BeforeTool',
        session_id: 'native-server',
        cwd: world.project,
        tool_name: 'run_shell_command',
        tool_input: { command: 'rm -rf /' },
        timestamp: '2026-01-01T00:00:00.000Z',
      });
      const env = { ...world.env, HOOKWIRE_SERVE_TOKEN: TOKEN };
      const args = ['--host', 'gemini', '--server', url];
      const native = await client(exe, args, payload, env);
      expect(world.daemonPids().length).toBeGreaterThan(0);
      expect(native).toEqual(await nodeRun(args, payload, env));
      expect(native.code).toBe(0);
      expect(JSON.parse(native.stdout)).toMatchObject({ decision: 'deny', reason: 'central policy: no rm' });
      // Without the token in its environment the daemon refuses to forward, and the event is blocked
      // (exit 2: a block on Gemini CLI).
      const refused = await client(exe, args, payload, world.env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('needs its token in the variable HOOKWIRE_SERVE_TOKEN');
    }, 120_000);
  },
);
