import { describe, expect, it } from 'vitest';
import { recordedChanges } from '../../src/cli/render/recorded-changes.js';
import { hookRun, outcome } from '../support/outcome-builder.js';

const guard = hookRun;

describe('recordedChanges', () => {
  it('is empty when the replay ends as recorded, delivered background results aside', () => {
    const recorded = outcome({
      event: 'PreToolUse',
      runs: [
        guard({ index: 0, command: 'guard.sh' }),
        guard({ index: 1, command: 'late.sh', details: { deliveredFrom: 'Stop' } }),
      ],
    });
    const now = outcome({
      event: 'PreToolUse',
      runs: [guard({ index: 0, command: 'guard.sh', durationMs: 9 })],
    });
    expect(recordedChanges(recorded, now)).toEqual([]);
  });

  it('names the decision, the reason, continue, context, input and each hook that changed', () => {
    const recorded = outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: 'no',
      runs: [
        guard({ index: 0, command: 'guard.sh', status: 'blocking', exitCode: 2 }),
        guard({ index: 1, command: 'old.sh' }),
      ],
    });
    const now = outcome({
      event: 'PreToolUse',
      continue: false,
      additionalContext: ['more'],
      updatedInput: { command: 'ls' },
      runs: [guard({ index: 0, command: 'guard.sh' }), guard({ index: 1, command: 'new.sh' })],
    });
    expect(recordedChanges(recorded, now)).toEqual([
      'decision deny → none',
      'continue true → false',
      'additionalContext changed',
      'updatedInput changed',
      'guard.sh: blocking (exit 2) → success (exit 0)',
      'old.sh no longer runs',
      'new.sh runs now',
    ]);
    expect(
      recordedChanges(
        outcome({ event: 'Stop', decision: 'block', reason: 'a' }),
        outcome({ event: 'Stop', decision: 'block', reason: 'b' }),
      ),
    ).toEqual(['reason "a" → "b"']);
  });

  it('compares a redacted recording with the replay redacted the same way', () => {
    const command = 'curl -H "Authorization: Bearer abcdefghijkl" https://example.test';
    const recorded = outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: 'key sk-abcdefghijklmnopqrstu refused'.replace(/sk-\w+/, '[redacted]'),
      runs: [guard({ index: 0, command: command.replace('abcdefghijkl', '[redacted]') })],
    });
    const now = outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: 'key sk-abcdefghijklmnopqrstu refused',
      runs: [guard({ index: 0, command })],
    });
    expect(recordedChanges(recorded, now, true)).toEqual([]);
  });
});
