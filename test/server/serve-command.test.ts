import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from '../support/start-serve.js';

const GUARD = fileURLToPath(new URL('../fixtures/http/guard.sh', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'hookwire-serve-cli-'));
const settings = join(directory, 'settings.json');
writeFileSync(
  settings,
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] },
  }),
);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('hookwire serve (the command)', () => {
  it('refuses to start without a token, and --insecure-no-auth off loopback', async () => {
    const noToken = startServe(['--settings', settings, '--port', '0']);
    expect(await noToken.exited).toBe(2);
    expect(noToken.stderr()).toContain('no token: set HOOKWIRE_SERVE_TOKEN');
    const open = startServe([
      '--settings',
      settings,
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--insecure-no-auth',
    ]);
    expect(await open.exited).toBe(2);
    expect(open.stderr()).toContain('--insecure-no-auth is allowed on a loopback host only, not 0.0.0.0');
  });

  it('refuses to start when the settings have errors, unless --on-config-error allow', async () => {
    const broken = join(directory, 'broken.json');
    writeFileSync(broken, '{"hooks": {');
    const refused = startServe(['--settings', broken, '--port', '0', '--insecure-no-auth']);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain(
      'hookwire serve: not starting: the settings have errors (fix them, or pass --on-config-error allow)',
    );
    const allowed = startServe([
      '--settings',
      broken,
      '--port',
      '0',
      '--insecure-no-auth',
      '--on-config-error',
      'allow',
    ]);
    expect(await allowed.listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    allowed.child.kill('SIGTERM');
    expect(await allowed.exited).toBe(0);
  });

  it('serves with a token from --token-env, and stops gracefully on SIGTERM', async () => {
    const serve = startServe(['--settings', settings, '--port', '0', '--token-env', 'MY_TOKEN'], {
      MY_TOKEN: 'cli-token',
    });
    const url = await serve.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/hooks/PreToolUse`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-token' },
      body: JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `[${GUARD}]: rm is not allowed here`,
      },
    });
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    // Every line serve wrote, durations aside; compared as a set, not in the order they happened to arrive.
    const lines = serve
      .stderr()
      .trimEnd()
      .split('\n')
      .map((line) => line.replace(/ \d+\.\dms$/, ' <duration>'));
    expect(lines.sort()).toEqual(
      [
        `hookwire serve: listening on ${url} (bearer token from $MY_TOKEN, 1 hooks, state in memory)`,
        'hookwire serve: POST PreToolUse decision=deny status=200 <duration>',
        'hookwire serve: SIGTERM: finishing 0 events in flight, then stopping',
        'hookwire serve: stopped',
      ].sort(),
    );
    expect(serve.stderr()).not.toContain('cli-token');
  });

  it('records each event it serves with --trace, with the body it answered', async () => {
    const traces = join(directory, 'traces');
    const serve = startServe([
      '--settings',
      settings,
      '--port',
      '0',
      '--insecure-no-auth',
      '--trace',
      traces,
    ]);
    const url = await serve.listening;
    const body = {
      hook_event_name: 'PreToolUse',
      session_id: 'served',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    };
    const response = await fetch(`${url}/hooks/PreToolUse`, { method: 'POST', body: JSON.stringify(body) });
    const answer = await response.json();
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(readdirSync(traces)).toEqual(['served.trace.jsonl']);
    const [line, ...more] = readFileSync(join(traces, 'served.trace.jsonl'), 'utf8').trimEnd().split('\n');
    expect(more).toEqual([]);
    expect(JSON.parse(line ?? '')).toMatchObject({
      v: 1,
      event: 'PreToolUse',
      sessionId: 'served',
      payload: { tool_input: { command: 'rm -rf /' } },
      outcome: { decision: 'deny' },
      answer,
    });
  });

  it("hands hooks neither its token nor the server's secrets, unless --pass-env names one", async () => {
    const printing = join(directory, 'printing.json');
    const command =
      'printf \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"[%s][%s][%s][%s]"}}\' ' +
      '"$HOOKWIRE_SERVE_TOKEN" "$HOOKWIRE_TEST_DEPLOY_TOKEN" "$HOOKWIRE_TEST_DATABASE_PASSWORD" "$HOOKWIRE_TEST_KEPT_KEY"';
    writeFileSync(
      printing,
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }),
    );
    const serve = startServe(
      ['--settings', printing, '--port', '0', '--pass-env', 'HOOKWIRE_TEST_KEPT_KEY'],
      {
        HOOKWIRE_SERVE_TOKEN: 'the-serve-token',
        HOOKWIRE_TEST_DEPLOY_TOKEN: 'deploy-secret',
        HOOKWIRE_TEST_DATABASE_PASSWORD: 'db-secret',
        HOOKWIRE_TEST_KEPT_KEY: 'kept',
      },
    );
    const url = await serve.listening;
    const response = await fetch(`${url}/hooks/PreToolUse`, {
      method: 'POST',
      headers: { authorization: 'Bearer the-serve-token' },
      body: JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      }),
    });
    expect(await response.json()).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: '[][][][kept]' },
    });
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  });
});
