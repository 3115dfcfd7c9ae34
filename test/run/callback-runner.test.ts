import { describe, expect, it } from 'vitest';
import { runCallback } from '../../src/run/callback-runner.js';
import type { CallbackHandlerSettings, HookCallback } from '../../src/settings/configured-hook.js';
import { makeRequest } from './make-request.js';

const callback = (hook: HookCallback): CallbackHandlerSettings => ({
  type: 'callback',
  name: 'test',
  callback: hook,
});

const nothing = {
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  stdoutTruncated: false,
  stderrTruncated: false,
  durationMs: expect.any(Number),
};

describe('runCallback', () => {
  it('returns an object as structured output', async () => {
    const execution = await runCallback(
      makeRequest(callback(async (payload) => ({ decision: 'block', reason: String(payload.tool_name) }))),
    );
    expect(execution).toEqual({
      ...nothing,
      kind: 'completed',
      exitCode: 0,
      output: { decision: 'block', reason: 'Bash' },
    });
  });

  it('returns a string as stdout, read like a command', async () => {
    const execution = await runCallback(makeRequest(callback(() => '{"continue":false}')));
    expect(execution).toEqual({ ...nothing, kind: 'completed', exitCode: 0, stdout: '{"continue":false}' });
  });

  it('treats undefined as success with nothing to say', async () => {
    const execution = await runCallback(makeRequest(callback(() => undefined)));
    expect(execution).toEqual({ ...nothing, kind: 'completed', exitCode: 0 });
  });

  it.each([
    [
      'a throw',
      () => {
        throw new Error('boom');
      },
    ],
    ['a rejection', () => Promise.reject(new Error('boom'))],
  ])('turns %s into a failure with the message', async (_, hook) => {
    const execution = await runCallback(makeRequest(callback(hook)));
    expect(execution).toEqual({ ...nothing, kind: 'failed', error: 'boom' });
  });

  it('times out and aborts the callback signal', async () => {
    let seen: AbortSignal | undefined;
    const execution = await runCallback(
      makeRequest(
        callback((_, { signal }) => {
          seen = signal;
          return new Promise(() => {});
        }),
        { timeoutMs: 200 },
      ),
    );
    expect(execution).toEqual({ ...nothing, kind: 'timed_out', error: 'Timed out' });
    expect(seen?.aborted).toBe(true);
  });

  it('cancels when the engine signal aborts', async () => {
    const controller = new AbortController();
    const running = runCallback(
      makeRequest(
        callback(() => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 2_000))),
        { signal: controller.signal },
      ),
    );
    controller.abort();
    expect(await running).toEqual({ ...nothing, kind: 'cancelled', error: 'Cancelled' });
  });

  it('gives each callback its own copy of the payload', async () => {
    const request = makeRequest(
      callback((payload) => {
        payload.tool_name = 'changed';
      }),
    );
    await runCallback(request);
    expect(request.payload.tool_name).toBe('Bash');
  });

  it('gives a synchronous callback a live signal when it asks for one', async () => {
    let seen: AbortSignal | undefined;
    const execution = await runCallback(
      makeRequest(
        callback((_, context) => {
          seen = context.signal;
        }),
      ),
    );
    expect(execution).toEqual({ ...nothing, kind: 'completed', exitCode: 0 });
    expect(seen?.aborted).toBe(false);
  });

  it('passes the payload a command would receive: the parsed JSON of the event', async () => {
    let seen: unknown;
    const request = makeRequest(
      callback((payload) => {
        seen = payload;
      }),
    );
    await runCallback(request);
    expect(seen).toEqual(JSON.parse(request.payloadJson));
    expect(seen).not.toBe(request.payload);
  });
});
