import { describe, expect, it } from 'vitest';
import type { HandlerConfig } from '../../src/settings/configured-hook.js';
import { configuredHook } from '../../src/settings/configured-hook-constructor.js';

const provenance = { file: '<inline>', level: 'inline', line: 1, column: 1, jsonPath: 'hooks' } as const;

describe('configuredHook', () => {
  it('derives the type, label, dedupe key and timeout from the handler and the event', () => {
    const handler: HandlerConfig = { type: 'command', command: 'node', args: ['guard.js', 'a b'] };
    expect(configuredHook({ event: 'PreToolUse', handler, definitionId: 'd1', provenance })).toEqual({
      event: 'PreToolUse',
      matcher: undefined,
      definitionId: 'd1',
      sequential: false,
      background: false,
      handler,
      type: 'command',
      timeoutSeconds: 600,
      dedupeKey: 'node\u0000guard.js\u0000a b',
      label: 'node guard.js "a b"',
      provenance,
    });
  });

  it.each([
    ['the catalogue default of the event and type', { type: 'prompt', prompt: 'Safe?' }, 'Stop', 30],
    ['the protocol default for an unknown event', { type: 'agent', prompt: 'Check' }, 'NoSuchEvent', 60],
    [
      'the Deep Agents default for an unknown dotted event',
      { type: 'agent', prompt: 'Check' },
      'tool.retry',
      5,
    ],
    ['the handler’s own timeout', { type: 'http', url: 'http://127.0.0.1:9/', timeout: 3 }, 'Stop', 3],
  ] as const)('takes %s', (_what, handler, event, timeoutSeconds) => {
    expect(configuredHook({ event, handler, definitionId: 'd1', provenance }).timeoutSeconds).toBe(
      timeoutSeconds,
    );
  });

  it('runs an async handler in the background, and lets the caller say otherwise', () => {
    const handler = { type: 'command', command: 'x', async: true } as const;
    expect(configuredHook({ event: 'Stop', handler, definitionId: 'd1', provenance }).background).toBe(true);
    const given = { event: 'Stop', handler, definitionId: 'd1', provenance, background: false };
    expect(configuredHook(given).background).toBe(false);
  });

  it('keeps what the caller gives instead of the defaults', () => {
    const handler = { type: 'callback', name: 'spy', callback: () => ({}) } as const;
    const hook = configuredHook({
      event: 'PreToolUse',
      handler,
      definitionId: 'callback-0',
      provenance,
      matcher: 'Bash',
      sequential: true,
      timeoutSeconds: 5,
      dedupeKey: 'callback:0',
    });
    expect(hook).toMatchObject({
      matcher: 'Bash',
      sequential: true,
      timeoutSeconds: 5,
      dedupeKey: 'callback:0',
      label: 'spy',
      type: 'callback',
    });
  });
});
