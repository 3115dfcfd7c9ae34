import { describe, expect, it } from 'vitest';
import { onAbort } from '../../src/run/on-abort.js';

describe('onAbort', () => {
  it('calls back once when the signal aborts', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => calls.push('first'));
    onAbort(controller.signal, () => calls.push('second'));
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['first', 'second']);
  });

  it('calls back at once, in a microtask, for a signal that is already aborted', async () => {
    const calls: string[] = [];
    onAbort(AbortSignal.abort(), () => calls.push('called'));
    expect(calls).toEqual([]);
    await Promise.resolve();
    expect(calls).toEqual(['called']);
  });

  it('does not call back once unregistered, aborted before or after', async () => {
    const calls: string[] = [];
    onAbort(AbortSignal.abort(), () => calls.push('already'))();
    const controller = new AbortController();
    onAbort(controller.signal, () => calls.push('later'))();
    controller.abort();
    await Promise.resolve();
    expect(calls).toEqual([]);
  });
});
