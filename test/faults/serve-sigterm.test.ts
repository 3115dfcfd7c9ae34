import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../run/make-request.js';
import { startServe } from '../support/start-serve.js';

/*
 * `hookwire serve` receiving SIGTERM with requests in flight: every request is either answered (200, its
 * hooks' outcome) or refused (503, or the connection refused once the port is closed); none is dropped
 * without an answer. A real serve process, real clients on 127.0.0.1, hooks that wait for a file.
 */

const HOOK = fileURLToPath(new URL('../fixtures/faults/wait-for-release.sh', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'hookwire-serve-sigterm-'));
const started = join(directory, 'started');
const release = join(directory, 'release');
mkdirSync(started);
const settings = join(directory, 'settings.json');
writeFileSync(
  settings,
  JSON.stringify({
    hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: HOOK, args: [started, release] }] }] },
  }),
);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

type Answer = { status: number; body: string } | { error: string };

function post(url: string, payload: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const text = JSON.stringify(payload);
    const outgoing = request(
      `${url}/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', (error) =>
          resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    outgoing.end(text);
  });
}

const payload = {
  session_id: 's',
  cwd: directory,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
};

describe('hookwire serve stopped by SIGTERM with requests in flight', () => {
  it('answers every request in flight and refuses the later ones; none is dropped', async () => {
    const serve = startServe(['--settings', settings, '--port', '0', '--insecure-no-auth']);
    const { child, exited } = serve;
    const url = await serve.listening;
    if (url === null) throw new Error(`serve exited: ${serve.stderr()}`);

    const inFlight = Array.from({ length: 6 }, () => post(url, payload));
    expect(await eventually(() => readdirSync(started).length === 6, 30_000)).toBe(true);
    child.kill('SIGTERM');
    expect(
      await eventually(() => serve.stderr().includes('SIGTERM: finishing 6 events in flight'), 30_000),
    ).toBe(true);
    // While it drains, new requests are refused: 503 from the closing server, or the connection refused.
    const late = await Promise.all(Array.from({ length: 4 }, () => post(url, payload)));
    writeFileSync(release, '');

    for (const answer of await Promise.all(inFlight)) {
      expect(answer).toMatchObject({ status: 200 });
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({
        hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'released' },
      });
    }
    for (const answer of late) {
      if ('status' in answer) expect(answer.status).toBe(503);
      else expect(answer.error).toBe('ECONNREFUSED');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
