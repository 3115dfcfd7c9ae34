import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { createHookServer, type HookServer } from '../../src/server/hook-server.js';
import { outcome } from '../support/outcome-builder.js';

const GUARD = fileURLToPath(new URL('../fixtures/http/guard.sh', import.meta.url));
const TOKEN = 'test-token-0123456789';
const root = mkdtempSync(join(tmpdir(), 'hookwire-serve-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, value: unknown): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** POSTs (or GETs) with node:http, returning status, headers and the parsed body. */
function call(url: string, options: { method?: string; body?: string; token?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>(
    (resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: options.method ?? 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text ? JSON.parse(text) : null,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(options.body);
    },
  );
}

const preToolUse = (command: string) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    cwd: '/nowhere/at/all',
  });

/**
 * A stand-in engine whose fire waits for the test to release it. It notes how many fires were still
 * unanswered when it was closed: undefined while it is open.
 */
function gatedEngine() {
  const releases: Array<() => void> = [];
  let answered = 0;
  let unansweredAtClose: number | undefined;
  const engine: Pick<Engine, 'fire' | 'close'> = {
    fire: (event) =>
      new Promise((resolve) =>
        releases.push(() => {
          answered += 1;
          resolve(outcome({ event, decision: 'allow' }));
        }),
      ),
    close: async () => {
      unansweredAtClose = releases.length - answered;
    },
  };
  return { engine, releases, unansweredAtClose: () => unansweredAtClose };
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('hookwire serve, end to end: an engine whose http hook points at a serve instance', () => {
  let serverEngine: Engine;
  let clientEngine: Engine;
  let server: HookServer;
  let url: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const serverSettings = write('server/settings.json', {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] },
    });
    serverEngine = await createEngine({ cwd: root, projectDir: root, settings: [serverSettings] });
    server = createHookServer({ engine: serverEngine, token: TOKEN, log: (line) => lines.push(line) });
    ({ url } = await server.listen(0, '127.0.0.1'));

    const home = join(root, 'client-home');
    const project = join(root, 'client-project');
    mkdirSync(project, { recursive: true });
    write('client-home/.claude/settings.json', {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'http',
                url: `${url}/hooks/PreToolUse`,
                headers: { Authorization: 'Bearer ${HOOKWIRE_TEST_TOKEN}' },
                allowedEnvVars: ['HOOKWIRE_TEST_TOKEN'],
              },
            ],
          },
        ],
      },
    });
    clientEngine = await createEngine({
      cwd: project,
      projectDir: project,
      homeDir: home,
      managedSettingsPath: join(root, 'no-managed.json'),
      deepAgentsPath: join(root, 'no-deepagents.json'),
      env: { HOOKWIRE_TEST_TOKEN: TOKEN },
    });
  });

  afterAll(async () => {
    await clientEngine.close();
    await server.close();
  });

  it('the central guard denies rm through the wire, with its reason', async () => {
    const result = await clientEngine.fire('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe(`[${GUARD}]: rm is not allowed here`);
    expect(result.runs.map((run) => [run.type, run.status])).toEqual([['http', 'blocking']]);
  });

  it('and passes its context through for anything else', async () => {
    const result = await clientEngine.fire('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    expect(result.decision).toBeNull();
    expect(result.additionalContext).toEqual(['checked by the central guard']);
  });

  it('logs one line per event, without payload or token', async () => {
    const before = lines.length;
    await Promise.all(
      ['rm -rf /', 'ls'].map((command) =>
        clientEngine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command } }),
      ),
    );
    // The server logs a request as it answers it, so both lines are in; in which order is the server's.
    const logged = lines.slice(before).map((line) => line.replace(/ \d+\.\dms$/, ' <duration>'));
    expect(logged.sort()).toEqual([
      'POST PreToolUse decision=deny status=200 <duration>',
      'POST PreToolUse decision=none status=200 <duration>',
    ]);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain('rm -rf');
  });

  it('refuses a missing or wrong token with 401, and answers /healthz without one', async () => {
    expect((await call(url, { body: preToolUse('ls') })).status).toBe(401);
    const wrong = await call(url, { body: preToolUse('ls'), token: `${TOKEN}x` });
    expect(wrong).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    expect(await call(`${url}/healthz`, { method: 'GET' })).toMatchObject({
      status: 200,
      body: { ok: true, inFlight: 0 },
    });
  });

  it('answers 400, 404 and 405 for what is not a hook event, and {} for an unknown one', async () => {
    const cases: Array<[string, Parameters<typeof call>[1], number, unknown]> = [
      [url, { body: 'not json' }, 400, { error: 'the body is not JSON' }],
      [url, { body: '[1]' }, 400, { error: 'the body is not a JSON object' }],
      [url, { body: '{}' }, 400, { error: 'no hook_event_name in the payload' }],
      [
        `${url}/hooks/Stop`,
        { body: preToolUse('ls') },
        400,
        { error: 'the path says Stop, the payload says PreToolUse' },
      ],
      // An event the catalogue does not know runs its hooks as notifications: nothing to answer.
      [`${url}/hooks/Nope`, { body: '{}' }, 200, {}],
      [`${url}/elsewhere`, { body: '{}' }, 404, { error: 'POST to / or /hooks/<Event>' }],
      [url, { method: 'GET' }, 405, { error: 'use POST' }],
    ];
    for (const [target, options, status, body] of cases) {
      expect(await call(target, { ...options, token: TOKEN })).toMatchObject({ status, body });
    }
  });
});

describe('createHookServer limits and shutdown', () => {
  it('refuses to listen without a token, and without one on a non-loopback host', () => {
    const { engine } = gatedEngine();
    expect(() => createHookServer({ engine }).listen(0)).toThrow(HookwireError);
    expect(() => createHookServer({ engine, insecureNoAuth: true }).listen(0, '0.0.0.0')).toThrow(
      'refusing to serve without a token on 0.0.0.0: --insecure-no-auth is allowed on loopback only',
    );
  });

  it('answers 413 for a body over the cap', async () => {
    const { engine } = gatedEngine();
    const server = createHookServer({ engine, insecureNoAuth: true, maxBodyBytes: 100 });
    const { url } = await server.listen(0, '127.0.0.1');
    const response = await call(url, { body: preToolUse('x'.repeat(200)) });
    expect(response).toMatchObject({ status: 413, body: { error: 'body over 100 bytes' } });
    await server.close();
  });

  it('answers 503 when saturated, and finishes events in flight before closing the engine', async () => {
    const gated = gatedEngine();
    const server = createHookServer({ engine: gated.engine, insecureNoAuth: true, maxConcurrent: 2 });
    const { url } = await server.listen(0, '127.0.0.1');
    const first = call(url, { body: preToolUse('a') });
    const second = call(url, { body: preToolUse('b') });
    await waitFor(() => gated.releases.length === 2);
    expect(await call(url, { body: preToolUse('c') })).toMatchObject({
      status: 503,
      headers: { 'retry-after': '1' },
    });

    const closing = server.close();
    await expect(call(url, { body: preToolUse('d') })).rejects.toThrow();
    expect(gated.unansweredAtClose()).toBeUndefined();
    for (const release of gated.releases) release();
    expect(await first).toMatchObject({ status: 200 });
    expect(await second).toMatchObject({ status: 200 });
    await closing;
    // The engine was closed, and only once both events in flight had their answer.
    expect(gated.unansweredAtClose()).toBe(0);
  });

  it('a body that arrives slowly does not hold an event place, and is answered 408 at its deadline', async () => {
    const gated = gatedEngine();
    const server = createHookServer({
      engine: gated.engine,
      token: TOKEN,
      maxConcurrent: 1,
      bodyTimeoutMs: 60_000,
    });
    const { url } = await server.listen(0, '127.0.0.1');
    const slow = [slowBody(url, TOKEN), slowBody(url, TOKEN)];
    await waitFor(() => server.inFlight + (server.receiving ?? 0) === 2);
    // Before, each slow body held one of maxConcurrent places: this was answered 503.
    const answered = call(url, { body: preToolUse('ls'), token: TOKEN });
    await waitFor(() => gated.releases.length === 1);
    expect(server.inFlight).toBe(1);
    gated.releases[0]!();
    expect(await answered).toMatchObject({ status: 200 });
    for (const socket of slow) (await socket).destroy();
    await server.close();

    const strict = createHookServer({ engine: gatedEngine().engine, token: TOKEN, bodyTimeoutMs: 200 });
    const strictUrl = (await strict.listen(0, '127.0.0.1')).url;
    const late = await slowBody(strictUrl, TOKEN);
    const reply = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      late.on('data', (chunk: Buffer) => chunks.push(chunk));
      late.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('{"error":"body not complete within 0.2 s"}');
    await strict.close();
  });
});

/** Opens a connection and sends an authenticated request's headers and part of its body, then stalls. */
function slowBody(url: string, token: string) {
  const { hostname, port } = new URL(url);
  return new Promise<import('node:net').Socket>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"hook_event_name":',
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}
