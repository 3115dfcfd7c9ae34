import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { otlpSettingsFrom } from '../../src/cli/otlp/otlp-settings.js';
import { runCli } from '../cli/run-cli.js';
import { startServe } from '../support/start-serve.js';
import { attributeValue, startOtlpReceiver } from './otlp-receiver.js';

/*
 * `hookwire run` and `hookwire serve` export spans over OTLP/HTTP (JSON) to a real receiver on 127.0.0.1
 * when the standard variables name one, and never let a collector change or hold up the answer.
 */

const directory = mkdtempSync(join(tmpdir(), 'hookwire-otlp-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
// The settings lie outside the session's project, so `run` needs no trust for them.
const settings = join(directory, 'settings', 'hooks.json');
const project = join(directory, 'project');
mkdirSync(join(directory, 'settings'));
mkdirSync(project);
writeFileSync(
  settings,
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            {
              type: 'command',
              command: `cat >/dev/null; printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no-%s"}}\\n' $((1+1))`,
            },
          ],
        },
      ],
    },
  }),
);
const payload = JSON.stringify({
  hook_event_name: 'PreToolUse',
  session_id: 's1',
  cwd: project,
  tool_name: 'Bash',
  tool_input: { command: 'cat ~/.secret-token-value' },
});
const DENIED = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'no-2',
  },
};
const PARENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';
const receivers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

describe('hookwire run with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends the firing and its hooks as spans under TRACEPARENT, with the headers and service name asked for', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);

    const result = await runCli(['run', '--settings', settings], payload, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-team=hooks',
      OTEL_SERVICE_NAME: 'agent-hooks',
      TRACEPARENT: `00-${PARENT_TRACE}-${PARENT_SPAN}-01`,
    });

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DENIED);
    expect(result.stderr).toBe('');
    expect(receiver.received.map((item) => item.path)).toEqual(['/v1/traces']);
    const [sent] = receiver.received;
    expect(sent?.headers).toMatchObject({
      authorization: 'Bearer abc',
      'x-team': 'hooks',
      'content-type': 'application/json',
    });
    const resource = sent?.body.resourceSpans[0]?.resource.attributes ?? [];
    expect(attributeValue(resource, 'service.name')).toBe('agent-hooks');
    expect(sent?.body.resourceSpans[0]?.scopeSpans[0]?.scope.name).toBe('hookwire');
    const [fired, hook] = receiver.spans();
    expect(fired).toMatchObject({
      name: 'fire PreToolUse',
      traceId: PARENT_TRACE,
      parentSpanId: PARENT_SPAN,
      kind: 1,
    });
    expect(hook).toMatchObject({ name: 'command hook', traceId: PARENT_TRACE, parentSpanId: fired?.spanId });
    expect(attributeValue(fired?.attributes ?? [], 'hookwire.decision')).toBe('deny');
    expect(attributeValue(hook?.attributes ?? [], 'process.exit.code')).toBe(0);
    expect(attributeValue(hook?.attributes ?? [], 'hookwire.hook.status')).toBe('blocking');
    expect(BigInt(hook?.endTimeUnixNano ?? 0) >= BigInt(hook?.startTimeUnixNano ?? 1)).toBe(true);
    const text = JSON.stringify(sent?.body);
    expect(text).not.toContain('secret-token-value');
    expect(text).not.toContain('no-2');
  });

  it('answers the same, and exits, when the collector never answers (the export is bounded)', async () => {
    const receiver = await startOtlpReceiver({ hang: true });
    receivers.push(receiver);

    // A timeout longer than this test's: only run's own bound lets it end.
    const result = await runCli(['run', '--settings', settings], payload, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/custom/path`,
      OTEL_EXPORTER_OTLP_TIMEOUT: '120000',
    });

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DENIED);
    expect(receiver.received.map((item) => item.path)).toEqual(['/custom/path']);
    expect(result.stderr).toBe(
      `hookwire run: cannot export spans to ${receiver.url}/custom/path: no answer within 1000 ms\n`,
    );
  });

  it('answers the same when the collector is down, and says so on stderr', async () => {
    const receiver = await startOtlpReceiver();
    await receiver.close();

    const result = await runCli(['run', '--settings', settings], payload, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DENIED);
    expect(result.stderr).toMatch(
      /^hookwire run: cannot export spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces: .*ECONNREFUSED/,
    );
  });

  it('sends nothing when OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none says so', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);

    const offs: Record<string, string>[] = [{ OTEL_SDK_DISABLED: 'true' }, { OTEL_TRACES_EXPORTER: 'none' }];
    for (const off of offs) {
      const result = await runCli(['run', '--settings', settings], payload, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        ...off,
      });
      expect(JSON.parse(result.stdout)).toEqual(DENIED);
    }
    expect(receiver.received).toEqual([]);
  });
});

describe('hook labels in exported spans', () => {
  it('carry no credential of the command line: Bearer, curl -u, URL password, ?token=, AWS, npm, Stripe', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);
    const padding = 'x'.repeat(240);
    const commands = [
      `cat >/dev/null; : curl -H "Authorization: Bearer bearer-secret-1234" -u alice:basic-secret-5678 "https://bob:url-secret-9012@example.com/x?token=query-secret-3456&page=2"`,
      `cat >/dev/null; : AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY npm_abcdefghijklmnopqrstuvwxyz0123456789 sk_live_stripesecret0123456789`,
      // A credential across the 256-character cut: redacted before the label is cut, so no part of it stays.
      `cat >/dev/null; : ${padding} ghp_abcdefghijklmnopqrstuvwxyz0123456789`,
    ];
    const labelled = join(directory, 'settings', 'labelled.json');
    writeFileSync(
      labelled,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: commands.map((command) => ({ type: 'command', command })) }],
        },
      }),
    );

    const result = await runCli(['run', '--settings', labelled], payload, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });

    expect(result.code).toBe(0);
    const labels = receiver
      .spans()
      .filter((span) => span.name === 'command hook')
      .map((span) => attributeValue(span.attributes, 'hookwire.hook.label'));
    expect(labels).toEqual([
      `cat >/dev/null; : curl -H "Authorization: Bearer [redacted]" -u alice:[redacted] "https://bob:[redacted]@example.com/x?token=[redacted]&page=2"`,
      `cat >/dev/null; : AWS_SECRET_ACCESS_KEY=[redacted] [redacted] [redacted]`,
      `${`cat >/dev/null; : ${padding} [redacted]`.slice(0, 256)}…`,
    ]);
    const text = JSON.stringify(receiver.received.map((item) => item.body));
    for (const secret of ['-secret-', 'wJalr', 'npm_abc', 'sk_live', 'ghp_'])
      expect(text).not.toContain(secret);
  });
});

describe('hookwire serve with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports the spans of the events it serves, under each request’s traceparent, at the latest when it stops', async () => {
    const receiver = await startOtlpReceiver();
    receivers.push(receiver);
    const serve = startServe(['--settings', settings, '--port', '0', '--insecure-no-auth'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    const url = await serve.listening;
    if (url === null) throw new Error(`serve exited: ${serve.stderr()}`);

    const post = (headers: Record<string, string>) =>
      fetch(`${url}/`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect(await (await post({ traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01` })).json()).toEqual(
      DENIED,
    );
    expect(await (await post({})).json()).toEqual(DENIED);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);

    // The first request's spans join the caller's trace (its traceparent header); the second's are a trace
    // of their own. Two flushes may cross on the wire, so the spans are told apart by trace, not by order.
    const spans = receiver.spans();
    const joined = spans.filter((span) => span.traceId === PARENT_TRACE);
    const own = spans.filter((span) => span.traceId !== PARENT_TRACE);
    expect(joined.map((span) => span.name)).toEqual(['fire PreToolUse', 'command hook']);
    expect(joined[0]?.parentSpanId).toBe(PARENT_SPAN);
    expect(own.map((span) => span.name)).toEqual(['fire PreToolUse', 'command hook']);
    expect(own[0]?.parentSpanId).toBeUndefined();
    expect(
      attributeValue(receiver.received[0]?.body.resourceSpans[0]?.resource.attributes ?? [], 'service.name'),
    ).toBe('hookwire');
  });
});

describe('the OTLP settings read from the environment', () => {
  it('are off without an endpoint, and refuse gRPC and non-http endpoints with a reason', () => {
    expect(otlpSettingsFrom({})).toBeUndefined();
    expect(
      otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toEqual({
      problem: 'OTLP over gRPC is not supported: hookwire exports http/json; spans are not exported',
    });
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'c:4318' })).toEqual({
      problem: 'the OTLP endpoint c:4318/v1/traces is not an http(s) URL; spans are not exported',
    });
  });

  it('let the traces variables win, read resource attributes, and ignore a malformed TRACEPARENT', () => {
    expect(
      otlpSettingsFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://general:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/ingest',
        OTEL_EXPORTER_OTLP_HEADERS: 'a=1,b=2',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'b=3',
        OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2500',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci,service.name=from-resource',
        TRACEPARENT: '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      }),
    ).toEqual({
      url: 'https://traces.example/ingest',
      headers: { a: '1', b: '3' },
      timeoutMs: 2500,
      resource: { 'deployment.environment': 'ci', 'service.name': 'from-resource' },
      parent: undefined,
    });
  });
});
