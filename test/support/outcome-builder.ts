import type { HookRun, Outcome } from '../../src/outcome/outcome.js';

/** A hook run with every field at its "nothing happened" value, overridden by `fields`. */
export function hookRun(fields: Partial<HookRun> & Pick<HookRun, 'index' | 'command'>): HookRun {
  return {
    source: { file: '/project/.claude/settings.json', level: 'project', line: 1, jsonPath: 'hooks' },
    type: 'command',
    matcher: null,
    status: 'success',
    exitCode: 0,
    signal: null,
    startedAtMs: 0,
    durationMs: 5,
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

/** An outcome where no hook said anything, overridden by `fields`. */
export function outcome(fields: Partial<Outcome> & Pick<Outcome, 'event'>): Outcome {
  return {
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    systemMessages: [],
    additionalContext: [],
    updatedInput: null,
    hookSpecificOutput: {},
    suppressOutput: false,
    warnings: [],
    durationMs: 10,
    runs: [],
    trace: {},
    ...fields,
  };
}
