import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRunner } from '../../src/run/http-runner.js';
import { LOOPBACK_POLICY, makeHttpRequest } from './make-http-request.js';
import { answer, startTestServer, type TestServer } from './test-server.js';

const runner = createHttpRunner();
const servers: TestServer[] = [];

async function serve(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => runner.close());

const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
const deny = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'not on Fridays',
  },
};
const context = { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'read the docs' } };

describe('http runner: answers', () => {
  it.each([
    ['allow', allow],
    ['deny', deny],
    ['context', context],
  ])('a 2xx JSON %s answer is the hook stdout, exit 0', async (_name, body) => {
    const server = await serve((_request, response) => answer(response, 200, body));
    const result = await runner(makeHttpRequest({ url: `${server.origin}/hook` }));
    expect(result).toMatchObject({
      kind: 'completed',
      exitCode: 0,
      stdout: JSON.stringify(body),
      stderr: '',
      details: { status: 200 },
    });
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/hook' });
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
  });

  it('a 2xx with an empty body is success with empty stdout', async () => {
    const server = await serve((_request, response) => response.writeHead(204).end());
    const result = await runner(makeHttpRequest({ url: server.origin }));
    expect(result).toMatchObject({ kind: 'completed', exitCode: 0, stdout: '', details: { status: 204 } });
  });

  it('a 2xx with plain text is a failure that says so', async () => {
    const server = await serve((_request, response) => answer(response, 200, 'all good'));
    const result = await runner(makeHttpRequest({ url: server.origin }));
    expect(result.kind).toBe('failed');
    expect(result.exitCode).toBeNull();
    expect(result.error).toBe(`POST ${server.origin}/ answered 200 OK with a body that is not a JSON object`);
    expect(result.details).toEqual({ status: 200 });
  });

  it('a 500 is a failure naming the status, even with a JSON deny in the body', async () => {
    const server = await serve((_request, response) => answer(response, 500, deny));
    const result = await runner(makeHttpRequest({ url: server.origin }));
    expect(result).toMatchObject({
      kind: 'failed',
      error: `POST ${server.origin}/ answered 500 Internal Server Error`,
      stdout: '',
      details: { status: 500 },
    });
  });

  it('a slow server past the timeout is timed_out', async () => {
    const server = await serve((_request, response) => {
      setTimeout(() => answer(response, 200, allow), 3_000).unref();
    });
    const result = await runner(makeHttpRequest({ url: server.origin }, { timeoutMs: 200 }));
    expect(result.kind).toBe('timed_out');
    expect(result.error).toBe(`POST ${server.origin}/: no complete answer within 0.2 s`);
  });

  it('a refused connection is a failure naming the cause', async () => {
    const server = await startTestServer(() => undefined);
    await server.close();
    const result = await runner(makeHttpRequest({ url: server.origin }));
    expect(result).toMatchObject({
      kind: 'failed',
      error: `POST ${server.origin}/: connection refused (ECONNREFUSED)`,
    });
  });

  it('a connection reset in the middle of the body is a failure', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      // Cut once the head and the first bytes have been handed to the socket, not after a guessed delay.
      response.write('{"hookSpecificOutput": {', () => response.socket?.destroy());
    });
    const result = await runner(makeHttpRequest({ url: server.origin }));
    expect(result).toMatchObject({
      kind: 'failed',
      error: `POST ${server.origin}/: connection closed before the whole answer arrived`,
      details: { status: 200 },
    });
  });

  it('an answer over the cap is cut off, fails, and says it was cut (the reader then blocks)', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"systemMessage": "${'x'.repeat(2 * 1024 * 1024)}"}`);
    });
    const small = createHttpRunner({ bodyCapBytes: 1024 * 1024 });
    const result = await small(makeHttpRequest({ url: server.origin }));
    expect(result).toMatchObject({
      kind: 'failed',
      stdout: '',
      stdoutTruncated: true,
      error: `POST ${server.origin}/: the answer exceeded the 1 MiB cap and was cut off`,
      details: { status: 200 },
    });
  });

  it('a redirect is never followed, even to an allowed server, and names the Location', async () => {
    const target = await serve((_request, response) => answer(response, 200, allow));
    const metadata = 'http://169.254.169.254/latest/meta-data/';
    for (const location of [metadata, `${target.origin}/other`]) {
      const server = await serve((_request, response) => answer(response, 302, '', { location }));
      const result = await runner(makeHttpRequest({ url: server.origin }));
      expect(result).toMatchObject({
        kind: 'failed',
        error: `POST ${server.origin}/ answered 302 Found; redirect to ${location} not followed`,
        details: { status: 302 },
      });
    }
    expect(target.seen).toEqual([]);
  });

  it('an aborted signal cancels the request', async () => {
    const controller = new AbortController();
    // Aborted while the server holds the request: the cancel meets a request in flight, whatever the load.
    const server = await serve(() => controller.abort());
    const pending = runner(makeHttpRequest({ url: server.origin }, { signal: controller.signal }));
    expect((await pending).kind).toBe('cancelled');
    expect(server.seen).toHaveLength(1);
  });

  it('pools connections: consecutive hooks to one origin reuse one keep-alive connection', async () => {
    const server = await serve((_request, response) => answer(response, 200, allow));
    for (let index = 0; index < 5; index += 1) {
      expect((await runner(makeHttpRequest({ url: server.origin }))).kind).toBe('completed');
    }
    expect(new Set(server.seen.map((seen) => seen.remotePort)).size).toBe(1);
  });
});

describe('http runner: headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((_request, response) => answer(response, 200, {}));
  });
  afterAll(() => server.close());

  async function headersSent(handler: Parameters<typeof makeHttpRequest>[0], policyEnv?: string[]) {
    const environment = { SECRET_TOKEN: 's3cret', OTHER: 'other', INJECT: 'x\r\nX-Injected: 1' };
    const policy = { ...LOOPBACK_POLICY, httpHookAllowedEnvVars: policyEnv };
    const before = server.seen.length;
    const result = await runner(makeHttpRequest(handler, { environment, policy }));
    expect(result.kind).toBe('completed');
    return server.seen[before]!.headers;
  }

  it('interpolates $VAR and ${VAR} only for allowedEnvVars; others become empty', async () => {
    const headers = await headersSent({
      url: server.origin,
      headers: {
        Authorization: 'Bearer $SECRET_TOKEN',
        'X-Other': '[${OTHER}]',
        'X-Both': '${SECRET_TOKEN}-$OTHER',
      },
      allowedEnvVars: ['SECRET_TOKEN'],
    });
    expect(headers.authorization).toBe('Bearer s3cret');
    expect(headers['x-other']).toBe('[]');
    expect(headers['x-both']).toBe('s3cret-');
  });

  it('with httpHookAllowedEnvVars set, a name must be in both lists', async () => {
    const headers = await headersSent(
      {
        url: server.origin,
        headers: { 'X-Secret': '$SECRET_TOKEN', 'X-Other': '$OTHER', 'X-Path': '$PATH' },
        allowedEnvVars: ['SECRET_TOKEN', 'OTHER'],
      },
      ['OTHER', 'PATH'],
    );
    expect([headers['x-secret'], headers['x-other'], headers['x-path']]).toEqual(['', 'other', '']);
  });

  it('without allowedEnvVars nothing is interpolated, not even from the process environment', async () => {
    const headers = await headersSent({ url: server.origin, headers: { 'X-Path': '$PATH ${HOME}' } });
    expect(headers['x-path']).toBe('');
  });

  it('strips CR and LF from values, names and interpolated variables', async () => {
    const headers = await headersSent({
      url: server.origin,
      headers: {
        'X-Literal': 'a\r\nX-Injected: 1',
        'X-Variable': '$INJECT',
        'X-Name\r\nX-Injected-Name: 1': 'v',
      },
      allowedEnvVars: ['INJECT'],
    });
    expect(headers['x-literal']).toBe('aX-Injected: 1');
    expect(headers['x-variable']).toBe('xX-Injected: 1');
    expect(headers['x-injected']).toBeUndefined();
    expect(headers['x-injected-name']).toBeUndefined();
  });

  it('never interpolates the URL, and keeps its own Content-Type', async () => {
    const before = server.seen.length;
    await runner(
      makeHttpRequest(
        {
          url: `${server.origin}/$SECRET_TOKEN`,
          headers: { 'Content-Type': 'text/plain' },
          allowedEnvVars: ['SECRET_TOKEN'],
        },
        { environment: { SECRET_TOKEN: 's3cret' } },
      ),
    );
    expect(server.seen[before]?.url).toBe('/$SECRET_TOKEN');
    expect(server.seen[before]?.headers['content-type']).toBe('application/json');
  });

  it("sends the URL's own Host, never a configured one (no virtual host behind the allowed URL)", async () => {
    const headers = await headersSent({
      url: server.origin,
      headers: { Host: 'internal-admin.example', HOST: 'other.example', 'X-Kept': 'yes' },
    });
    expect(headers.host).toBe(new URL(server.origin).host);
    expect(headers['x-kept']).toBe('yes');
  });
});
