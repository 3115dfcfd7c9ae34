import { describe, expect, it } from 'vitest';
import type { EventName } from '../../src/events/event-names.js';
import { type MergeEntry, mergeOutcome } from '../../src/merge/merge-outcome.js';
import type { HookRun, Outcome } from '../../src/outcome/outcome.js';
import type { HookEffects } from '../../src/read/hook-verdict.js';
import { outcome } from '../support/outcome-builder.js';

function run(index: number, fields: Partial<HookRun> = {}): HookRun {
  return {
    index,
    source: { file: '/p/settings.json', level: 'project', line: 1, jsonPath: `hooks[${index}]` },
    type: 'command',
    command: `hook-${index}`,
    matcher: null,
    status: 'success',
    exitCode: 0,
    signal: null,
    startedAtMs: 0,
    durationMs: 1,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    output: null,
    error: null,
    background: false,
    ...fields,
  };
}

function entries(...effects: HookEffects[]): MergeEntry[] {
  return effects.map((effect, index) => ({ run: run(index), effects: effect, rewriteGroup: `#${index}` }));
}

function expected(event: EventName, list: MergeEntry[], fields: Partial<Outcome>): Outcome {
  return outcome({ event, durationMs: 7, runs: list.map((entry) => entry.run), ...fields });
}

function merge(event: EventName, list: MergeEntry[]): Outcome {
  return mergeOutcome({ event, entries: list, durationMs: 7 });
}

describe('mergeOutcome', () => {
  it('decides nothing when no hook said anything', () => {
    const list = entries({}, {});
    expect(merge('PreToolUse', list)).toEqual(expected('PreToolUse', list, {}));
  });

  it('deny > defer > ask > allow, with the reasons of the winning decision in configuration order', () => {
    const list = entries(
      { decision: 'allow', reason: 'fine' },
      { decision: 'deny', reason: 'first' },
      { decision: 'ask', reason: 'sure?' },
      { decision: 'defer' },
      { decision: 'deny', reason: 'second' },
    );
    expect(merge('PreToolUse', list)).toEqual(
      expected('PreToolUse', list, {
        decision: 'deny',
        reason: 'first\nsecond',
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'first\nsecond' },
        trace: {
          decision: [1, 4],
          reason: [1, 4],
          'hookSpecificOutput.permissionDecision': [1, 4],
          'hookSpecificOutput.permissionDecisionReason': [1, 4],
        },
      }),
    );
  });

  it('defer beats ask, ask beats allow', () => {
    const deferred = entries({ decision: 'ask' }, { decision: 'defer' }, { decision: 'allow' });
    expect(merge('PreToolUse', deferred).decision).toBe('defer');
    const asked = entries({ decision: 'allow' }, { decision: 'ask', reason: 'check' });
    expect(merge('PreToolUse', asked)).toEqual(
      expected('PreToolUse', asked, {
        decision: 'ask',
        reason: 'check',
        hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'check' },
        trace: {
          decision: [1],
          reason: [1],
          'hookSpecificOutput.permissionDecision': [1],
          'hookSpecificOutput.permissionDecisionReason': [1],
        },
      }),
    );
  });

  it('keeps messages and contexts in configuration order; continue: false wins with the first stopReason', () => {
    const list = entries(
      { systemMessage: 'one', additionalContext: 'a' },
      { continue: false, stopReason: 'stop here' },
      {
        systemMessage: 'two',
        additionalContext: 'b',
        continue: false,
        stopReason: 'later',
        suppressOutput: true,
      },
    );
    expect(merge('UserPromptSubmit', list)).toEqual(
      expected('UserPromptSubmit', list, {
        continue: false,
        stopReason: 'stop here',
        systemMessages: ['one', 'two'],
        additionalContext: ['a', 'b'],
        suppressOutput: true,
        trace: {
          systemMessages: [0, 2],
          additionalContext: [0, 2],
          continue: [1, 2],
          stopReason: [1],
          suppressOutput: [2],
        },
      }),
    );
  });

  it('lets the last updatedInput in configuration order win, with a warning naming the hooks', () => {
    const list = entries({ updatedInput: { command: 'a' } }, {}, { updatedInput: { command: 'c' } });
    expect(merge('PreToolUse', list)).toEqual(
      expected('PreToolUse', list, {
        updatedInput: { command: 'c' },
        warnings: [
          'several hooks rewrote the input (#0 hook-0, #2 hook-2); the last in configuration order (#2) wins',
        ],
        trace: { updatedInput: [2] },
      }),
    );
  });

  it('does not warn about rewrites chained within one sequential definition', () => {
    const list = entries({ updatedInput: { command: 'a' } }, { updatedInput: { command: 'b' } }).map(
      (entry) => ({
        ...entry,
        rewriteGroup: 'd1',
      }),
    );
    expect(merge('PreToolUse', list).warnings).toEqual([]);
  });

  it('blocks on any block', () => {
    const list = entries({ additionalContext: 'x' }, { decision: 'block', reason: 'run tests' });
    expect(merge('Stop', list)).toEqual(
      expected('Stop', list, {
        decision: 'block',
        reason: 'run tests',
        additionalContext: ['x'],
        trace: { additionalContext: [0], decision: [1], reason: [1] },
      }),
    );
  });

  it('PermissionRequest: deny beats allow, and the decision object comes from the deciding hook', () => {
    const allow = { behavior: 'allow', updatedInput: { command: 'ls' } };
    const list = entries(
      { decision: 'allow', updatedInput: { command: 'ls' }, specific: { decision: allow } },
      { decision: 'deny', reason: 'no', specific: { decision: { behavior: 'deny', message: 'no' } } },
    );
    expect(merge('PermissionRequest', list)).toEqual(
      expected('PermissionRequest', list, {
        decision: 'deny',
        reason: 'no',
        updatedInput: { command: 'ls' },
        hookSpecificOutput: { decision: { behavior: 'deny', message: 'no' } },
        trace: { decision: [1], reason: [1], updatedInput: [0], 'hookSpecificOutput.decision': [1] },
      }),
    );
    const allowed = entries({
      decision: 'allow',
      updatedInput: { command: 'ls' },
      specific: { decision: allow },
    });
    expect(merge('PermissionRequest', allowed).hookSpecificOutput).toEqual({ decision: allow });
  });

  it('PermissionRequest: an exit-2 deny gets a decision object', () => {
    const list = entries({ decision: 'deny', reason: '[x]: no' });
    expect(merge('PermissionRequest', list).hookSpecificOutput).toEqual({
      decision: { behavior: 'deny', message: '[x]: no' },
    });
  });

  it('unites watchPaths in configuration order', () => {
    const list = entries(
      { specific: { watchPaths: ['/a', '/b'] } },
      { specific: { watchPaths: ['/b', '/c'] } },
    );
    expect(merge('CwdChanged', list)).toEqual(
      expected('CwdChanged', list, {
        hookSpecificOutput: { watchPaths: ['/a', '/b', '/c'] },
        trace: { 'hookSpecificOutput.watchPaths': [0, 1] },
      }),
    );
  });

  it('WorktreeCreate: the last path wins with a warning; no path at all fails the creation', () => {
    const two = entries({ specific: { worktreePath: '/a' } }, { specific: { worktreePath: '/b' } });
    expect(merge('WorktreeCreate', two)).toEqual(
      expected('WorktreeCreate', two, {
        hookSpecificOutput: { worktreePath: '/b' },
        warnings: [
          'several hooks set worktreePath (#0 hook-0, #1 hook-1); the last in configuration order (#1) wins',
        ],
        trace: { 'hookSpecificOutput.worktreePath': [1] },
      }),
    );
    const none = entries({});
    expect(merge('WorktreeCreate', none)).toEqual(
      expected('WorktreeCreate', none, {
        decision: 'block',
        reason: 'No WorktreeCreate hook returned a worktree path',
        trace: { decision: [0] },
      }),
    );
  });

  it('PermissionDenied: retry when any hook says so', () => {
    const list = entries({ specific: { retry: false } }, { specific: { retry: true } });
    expect(merge('PermissionDenied', list).hookSpecificOutput).toEqual({ retry: true });
  });

  it('is deterministic: the same entries give the same outcome', () => {
    const list = entries({ decision: 'ask' }, { decision: 'allow', updatedInput: { a: 1 } });
    expect(merge('PreToolUse', list)).toEqual(merge('PreToolUse', list));
  });
});
