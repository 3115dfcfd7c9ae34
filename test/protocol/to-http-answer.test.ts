import { describe, expect, it } from 'vitest';
import { toHttpAnswer } from '../../src/protocol/to-http-answer.js';
import { hookRun, outcome } from '../support/outcome-builder.js';

const exitTwo = (event: string, decision: 'deny' | 'block') =>
  outcome({
    event,
    decision,
    reason: '[./guard.sh]: not allowed',
    runs: [
      hookRun({ index: 0, command: './guard.sh', status: 'blocking', exitCode: 2, stderr: 'not allowed' }),
    ],
    trace: { decision: [0], reason: [0] },
  });

describe('toHttpAnswer', () => {
  it('nothing to say is an empty object', () => {
    expect(toHttpAnswer(outcome({ event: 'PreToolUse' }))).toEqual({});
  });

  it('a JSON deny is answered as the same JSON', () => {
    const denied = outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: 'no',
      runs: [hookRun({ index: 0, command: 'x', output: { hookSpecificOutput: {} } })],
      trace: { decision: [0], reason: [0] },
    });
    expect(toHttpAnswer(denied)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no',
      },
    });
  });

  it('an exit-2 block becomes the event’s JSON block', () => {
    expect(toHttpAnswer(exitTwo('PreToolUse', 'deny'))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: '[./guard.sh]: not allowed',
      },
    });
    expect(toHttpAnswer(exitTwo('Stop', 'block'))).toEqual({
      decision: 'block',
      reason: '[./guard.sh]: not allowed',
    });
    expect(toHttpAnswer(exitTwo('PermissionRequest', 'deny'))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: '[./guard.sh]: not allowed' },
      },
    });
  });

  it('plain context is answered as additionalContext', () => {
    const context = outcome({
      event: 'UserPromptSubmit',
      additionalContext: ['today is Friday'],
      runs: [hookRun({ index: 0, command: 'date.sh', stdout: 'today is Friday\n' })],
      trace: { additionalContext: [0] },
    });
    expect(toHttpAnswer(context)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'today is Friday' },
    });
  });
});
