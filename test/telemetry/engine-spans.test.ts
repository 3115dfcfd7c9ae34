import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { temporaryHome } from '../engine/engine-harness.js';

/*
 * A host with OpenTelemetry set up (the real SDK: a provider, the async-hooks context manager, an in-memory
 * exporter) sees hookwire's spans under its own. Real command hooks.
 */

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();
let home: ReturnType<typeof temporaryHome>;
const engines: Engine[] = [];

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => {
  home = temporaryHome();
  exporter.reset();
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  home.remove();
});

const SECRET = 'sk-test-0123456789abcdef';
const payload = {
  tool_name: 'Bash',
  tool_input: { command: `curl -H "Authorization: ${SECRET}" https://x` },
};

async function open(options: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = await createEngine({
    ...home.options,
    settings: [
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  // What the hooks print is computed, so that it appears in no command line.
                  command: `cat >/dev/null; printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"reason-%s"}}\\n' $((40+2))`,
                },
                { type: 'command', command: 'cat >/dev/null; echo oops-$((6*7)) >&2; exit 1' },
                { type: 'command', command: 'sleep 5', timeout: 1 },
              ],
            },
          ],
        },
      },
    ],
    ...options,
  });
  engines.push(engine);
  return engine;
}

/** Fires inside a host span made active, as an agent with OpenTelemetry would. */
async function fireUnderHostSpan(engine: Engine): Promise<ReadableSpan[]> {
  await trace.getTracer('host-agent').startActiveSpan('agent turn', async (span) => {
    await engine.fire('PreToolUse', payload);
    span.end();
  });
  return exporter.getFinishedSpans();
}

const byName = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

describe("the engine's spans under a host's OpenTelemetry", () => {
  it('puts a span per firing under the host span, and a child span per hook with its status', async () => {
    const spans = await fireUnderHostSpan(await open());

    const [host] = byName(spans, 'agent turn');
    const [fired] = byName(spans, 'fire PreToolUse');
    const hooks = byName(spans, 'command hook');
    expect(host && fired).toBeTruthy();
    expect(fired?.parentSpanContext?.spanId).toBe(host?.spanContext().spanId);
    expect(fired?.spanContext().traceId).toBe(host?.spanContext().traceId);
    expect(fired?.instrumentationScope.name).toBe('hookwire');
    expect(fired?.attributes).toEqual({
      'hookwire.event': 'PreToolUse',
      'hookwire.hooks': 3,
      'hookwire.continue': true,
      'gen_ai.tool.name': 'Bash',
      'hookwire.decision': 'deny',
      'hookwire.decided_by': '0',
    });
    expect(hooks.map((span) => span.parentSpanContext?.spanId)).toEqual([
      fired?.spanContext().spanId,
      fired?.spanContext().spanId,
      fired?.spanContext().spanId,
    ]);
    const [denying, failing, timedOut] = [...hooks].sort(
      (left, right) =>
        Number(left.attributes['hookwire.hook.index']) - Number(right.attributes['hookwire.hook.index']),
    );
    expect(denying?.attributes).toMatchObject({
      'hookwire.hook.type': 'command',
      'hookwire.hook.status': 'blocking',
      'hookwire.hook.decided': true,
      'hookwire.hook.level': 'inline',
      'hookwire.hook.matcher': 'Bash',
      'process.exit.code': 0,
    });
    expect(denying?.status.code).toBe(SpanStatusCode.UNSET);
    expect(failing?.attributes).toMatchObject({ 'process.exit.code': 1, 'error.type': 'non_blocking_error' });
    expect(failing?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'hook non_blocking_error' });
    expect(timedOut?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'hook timeout' });
    expect(timedOut?.events.map((event) => event.name)).toEqual(['hookwire.hook.timeout']);
    // Hook spans lie within the firing's span, which lies within the host's.
    // (HrTime is a [seconds, nanoseconds] pair: compared as numbers, not as arrays, which JavaScript
    // compares as text, so 5 ns sorted after 10 ns and the test failed one run in many.)
    const nanoseconds = ([seconds, nanos]: [number, number]) =>
      BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
    const firedStart = fired ? nanoseconds(fired.startTime) : 0n;
    for (const hook of hooks) expect(nanoseconds(hook.startTime) >= firedStart).toBe(true);
  });

  it('records no payload content and no hook output', async () => {
    const spans = await fireUnderHostSpan(await open());

    const recorded = JSON.stringify(spans.map((span) => [span.attributes, span.events, span.status]));
    expect(recorded).not.toContain(SECRET);
    expect(recorded).not.toContain('https://x');
    expect(recorded).not.toContain('reason-42');
    expect(recorded).not.toContain('oops-42');
  });

  it('makes a span for a firing that ran no hook too, and none with telemetry: false', async () => {
    const engine = await open();
    await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} });
    expect(exporter.getFinishedSpans().map((span) => [span.name, span.attributes['hookwire.hooks']])).toEqual(
      [['fire PreToolUse', 0]],
    );
    exporter.reset();

    const off = await open({ telemetry: false });
    await off.fire('PreToolUse', payload);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('uses a tracer given as an option, with no provider registered', async () => {
    const own = new InMemorySpanExporter();
    const ownProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(own)] });
    trace.disable();
    try {
      const engine = await open({ telemetry: { tracer: ownProvider.getTracer('mine') } });
      await engine.fire('PreToolUse', payload);
    } finally {
      trace.setGlobalTracerProvider(provider);
    }

    expect(
      own
        .getFinishedSpans()
        .map((span) => span.name)
        .sort(),
    ).toEqual(['command hook', 'command hook', 'command hook', 'fire PreToolUse']);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
