import { describe, expect, it } from 'vitest';
import type { EventName } from '../../src/events/event-names.js';
import type { HookVerdict } from '../../src/read/hook-verdict.js';
import { readExecution } from '../../src/read/read-execution.js';
import type { HandlerExecution } from '../../src/run/handler-execution.js';
import { completed, configuredHook, json } from '../engine/engine-harness.js';

/** The onFailure block of an unknown permissionDecision (observed, H08; the host's schema appendix left out). */
const MAYBE_BLOCK = `[guard.sh]: failed; blocking because onFailure is "block"\nHook JSON output validation failed \u2014 hookSpecificOutput.permissionDecision must be one of allow, deny, ask, defer, got "maybe"\n\nThe hook's output was: {\n  "hookSpecificOutput": {\n    "permissionDecision": "maybe"\n  }\n}`;

const deny = (reason?: string) => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
  },
});

interface Row {
  readonly event: EventName;
  readonly name: string;
  readonly execution: HandlerExecution;
  readonly onFailure?: 'block' | 'continue';
  readonly expected: HookVerdict;
}

const MISSING_SDK = 'anthropic claude-haiku-4-5: the package @anthropic-ai/sdk is not installed';
const missingSdk: HandlerExecution = {
  kind: 'failed',
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  stdoutTruncated: false,
  stderrTruncated: false,
  error: MISSING_SDK,
  durationMs: 1,
  failClosed: true,
};

const nothing = { status: 'success', output: null, error: null, effects: {} } as const;

const rows: Row[] = [
  // --- how stdout is taken as JSON
  { event: 'PreToolUse', name: 'exit 0, no output', execution: completed(0), expected: nothing },
  {
    event: 'PreToolUse',
    name: 'a log line before the JSON makes it plain text',
    execution: completed(0, { stdout: `checking\n${json(deny('x'))}` }),
    expected: nothing,
  },
  {
    event: 'PreToolUse',
    name: 'text starting with { that does not parse is plain text',
    execution: completed(0, { stdout: '{not json}\n' }),
    expected: nothing,
  },
  {
    event: 'PreToolUse',
    name: 'two JSON objects are invalid output, a non-blocking error (Claude Code 2.1.332)',
    execution: completed(0, { stdout: `${json({ continue: true })}\n${json(deny('x'))}\n` }),
    expected: {
      status: 'non_blocking_error',
      output: null,
      error: '[guard.sh]: invalid output: stdout holds several JSON objects, not one',
      effects: {},
    },
  },
  {
    event: 'PreToolUse',
    name: 'two JSON objects under onFailure "block" block',
    execution: completed(0, { stdout: '{"a":1}{"b":2}' }),
    onFailure: 'block',
    expected: {
      status: 'blocking',
      output: null,
      error:
        '[guard.sh]: failed; blocking because onFailure is "block"\ninvalid output: stdout holds several JSON objects, not one',
      effects: {
        decision: 'deny',
        reason:
          '[guard.sh]: failed; blocking because onFailure is "block"\ninvalid output: stdout holds several JSON objects, not one',
      },
    },
  },
  {
    event: 'PreToolUse',
    name: 'JSON deny',
    execution: completed(0, { stdout: json(deny('dangerous')) }),
    expected: {
      status: 'blocking',
      output: deny('dangerous'),
      error: 'dangerous',
      effects: { decision: 'deny', reason: 'dangerous' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'JSON deny without a reason reads "Blocked by hook"',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { permissionDecision: 'deny' } }) }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { permissionDecision: 'deny' } },
      error: 'Blocked by hook',
      effects: { decision: 'deny', reason: 'Blocked by hook' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'JSON is honoured on exit 1',
    execution: completed(1, { stdout: json(deny('no')), stderr: 'oops' }),
    expected: {
      status: 'blocking',
      output: deny('no'),
      error: 'no',
      effects: { decision: 'deny', reason: 'no' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 2 with a JSON allow blocks with stderr: the allow does not soften it (observed, H02)',
    execution: completed(2, {
      stdout: json({ hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'fine' } }),
      stderr: 'no\n',
    }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'fine' } },
      error: '[guard.sh]: no',
      effects: { decision: 'deny', reason: '[guard.sh]: no' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 2 with a JSON ask blocks with stderr (observed, H03)',
    execution: completed(2, {
      stdout: json({ hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'sure?' } }),
    }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'sure?' } },
      error: '[guard.sh]: No stderr output',
      effects: { decision: 'deny', reason: '[guard.sh]: No stderr output' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 2 with a JSON deny is that deny, in its own words (observed, H01)',
    execution: completed(2, {
      stdout: json({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'MK' } }),
      stderr: 'dropped\n',
    }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'MK' } },
      error: 'MK',
      effects: { decision: 'deny', reason: 'MK' },
    },
  },
  {
    event: 'Stop',
    name: 'exit 2 with a JSON block is that block, in its own words',
    execution: completed(2, { stdout: json({ decision: 'block', reason: 'tests fail' }), stderr: 'x' }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'tests fail' },
      error: 'tests fail',
      effects: { decision: 'block', reason: 'tests fail' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 2 with stderr',
    execution: completed(2, { stderr: 'rm -rf is not allowed\n' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: rm -rf is not allowed',
      effects: { decision: 'deny', reason: '[guard.sh]: rm -rf is not allowed' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 2 without stderr',
    execution: completed(2),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: No stderr output',
      effects: { decision: 'deny', reason: '[guard.sh]: No stderr output' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'exit 1 is a non-blocking error',
    execution: completed(1, { stderr: 'broken' }),
    expected: { status: 'non_blocking_error', output: null, error: '[guard.sh]: broken', effects: {} },
  },
  {
    event: 'PreToolUse',
    name: 'a signal is a non-blocking error',
    execution: completed(0, { exitCode: null, signal: 'SIGKILL' }),
    expected: {
      status: 'non_blocking_error',
      output: null,
      error: '[guard.sh]: killed by SIGKILL',
      effects: {},
    },
  },
  {
    event: 'PreToolUse',
    name: 'a command that cannot start',
    execution: { ...completed(0), kind: 'failed', exitCode: null, error: '[nope]: command not found' },
    expected: { status: 'non_blocking_error', output: null, error: '[nope]: command not found', effects: {} },
  },
  {
    event: 'PreToolUse',
    name: 'a timeout',
    execution: { ...completed(0), kind: 'timed_out', exitCode: null, signal: 'SIGTERM' },
    expected: { status: 'timeout', output: null, error: '[guard.sh]: timed out after 600s', effects: {} },
  },
  {
    event: 'PreToolUse',
    name: 'a timeout with onFailure "block"',
    onFailure: 'block',
    execution: { ...completed(0), kind: 'timed_out', exitCode: null },
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: timed out; blocking because onFailure is "block"',
      effects: { decision: 'deny', reason: '[guard.sh]: timed out; blocking because onFailure is "block"' },
    },
  },
  {
    event: 'Stop',
    name: 'exit 1 with onFailure "block"',
    onFailure: 'block',
    execution: completed(1, { stderr: 'x\ny\n' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: failed; blocking because onFailure is "block"\nx\ny',
      effects: {
        decision: 'block',
        reason: '[guard.sh]: failed; blocking because onFailure is "block"\nx\ny',
      },
    },
  },
  {
    event: 'PreToolUse',
    name: 'onFailure "block" after an exit 1 without stderr says so (observed, H10)',
    onFailure: 'block',
    execution: completed(1, { stdout: 'MK\n' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: failed; blocking because onFailure is "block"\nNo stderr output',
      effects: {
        decision: 'deny',
        reason: '[guard.sh]: failed; blocking because onFailure is "block"\nNo stderr output',
      },
    },
  },
  {
    event: 'PreToolUse',
    name: 'onFailure "block" after a wrong hookEventName quotes the output (observed, H06)',
    onFailure: 'block',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }) }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { hookEventName: 'PostToolUse' } },
      error: `[guard.sh]: failed; blocking because onFailure is "block"\nFailed to run: Hook returned incorrect event name: expected 'PreToolUse' but got 'PostToolUse'. Full stdout: {\n  "hookSpecificOutput": {\n    "hookEventName": "PostToolUse"\n  }\n}`,
      effects: {
        decision: 'deny',
        reason: `[guard.sh]: failed; blocking because onFailure is "block"\nFailed to run: Hook returned incorrect event name: expected 'PreToolUse' but got 'PostToolUse'. Full stdout: {\n  "hookSpecificOutput": {\n    "hookEventName": "PostToolUse"\n  }\n}`,
      },
    },
  },
  {
    event: 'PreToolUse',
    name: 'a wrong hookEventName is invalid output',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }) }),
    expected: {
      status: 'non_blocking_error',
      output: { hookSpecificOutput: { hookEventName: 'PostToolUse' } },
      error:
        '[guard.sh]: invalid output: hookSpecificOutput.hookEventName is "PostToolUse", expected "PreToolUse"',
      effects: {},
    },
  },
  {
    event: 'PreToolUse',
    name: 'an unknown permissionDecision is invalid output (and blocks with onFailure "block")',
    onFailure: 'block',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { permissionDecision: 'maybe' } }) }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { permissionDecision: 'maybe' } },
      error: MAYBE_BLOCK,
      effects: { decision: 'deny', reason: MAYBE_BLOCK },
    },
  },
  // --- PreToolUse specifics
  {
    event: 'PreToolUse',
    name: 'legacy approve is allow',
    execution: completed(0, { stdout: json({ decision: 'approve', reason: 'ok' }) }),
    expected: {
      status: 'success',
      output: { decision: 'approve', reason: 'ok' },
      error: null,
      effects: { decision: 'allow', reason: 'ok' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'legacy block beats permissionDecision allow in the same output',
    execution: completed(0, {
      stdout: json({ decision: 'block', reason: 'no', hookSpecificOutput: { permissionDecision: 'allow' } }),
    }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'no', hookSpecificOutput: { permissionDecision: 'allow' } },
      error: 'no',
      effects: { decision: 'deny', reason: 'no' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'updatedInput without a decision, and context',
    execution: completed(0, {
      stdout: json({
        hookSpecificOutput: { updatedInput: { command: 'ls -la' }, additionalContext: 'listed' },
      }),
    }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { updatedInput: { command: 'ls -la' }, additionalContext: 'listed' } },
      error: null,
      effects: { updatedInput: { command: 'ls -la' }, additionalContext: 'listed' },
    },
  },
  {
    event: 'PreToolUse',
    name: 'common fields',
    execution: completed(0, {
      stdout: json({ continue: false, stopReason: 'done', systemMessage: 'hi user', suppressOutput: true }),
    }),
    expected: {
      status: 'success',
      output: { continue: false, stopReason: 'done', systemMessage: 'hi user', suppressOutput: true },
      error: null,
      effects: { continue: false, stopReason: 'done', systemMessage: 'hi user', suppressOutput: true },
    },
  },
  // --- plain stdout
  {
    event: 'UserPromptSubmit',
    name: 'plain stdout is context',
    execution: completed(0, { stdout: 'branch: main\n' }),
    expected: { ...nothing, effects: { additionalContext: 'branch: main' } },
  },
  {
    event: 'SessionStart',
    name: 'plain stdout is context',
    execution: completed(0, { stdout: 'hello\n' }),
    expected: { ...nothing, effects: { additionalContext: 'hello' } },
  },
  {
    event: 'PostToolUse',
    name: 'plain stdout is ignored',
    execution: completed(0, { stdout: 'hello\n' }),
    expected: nothing,
  },
  {
    event: 'SessionStart',
    name: 'exit 2 does not block',
    execution: completed(2, { stderr: 'x' }),
    expected: { status: 'non_blocking_error', output: null, error: '[guard.sh]: x', effects: {} },
  },
  {
    event: 'SessionStart',
    name: 'watchPaths and context in JSON',
    execution: completed(0, {
      stdout: json({ hookSpecificOutput: { additionalContext: 'c', watchPaths: ['/a'] } }),
    }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { additionalContext: 'c', watchPaths: ['/a'] } },
      error: null,
      effects: { additionalContext: 'c', specific: { watchPaths: ['/a'] } },
    },
  },
  // --- blocking events
  {
    event: 'UserPromptSubmit',
    name: 'decision block',
    execution: completed(0, { stdout: json({ decision: 'block', reason: 'secret in prompt' }) }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'secret in prompt' },
      error: 'secret in prompt',
      effects: { decision: 'block', reason: 'secret in prompt' },
    },
  },
  {
    event: 'Stop',
    name: 'decision block makes the agent continue',
    execution: completed(0, { stdout: json({ decision: 'block', reason: 'run the tests' }) }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'run the tests' },
      error: 'run the tests',
      effects: { decision: 'block', reason: 'run the tests' },
    },
  },
  {
    event: 'TeammateIdle',
    name: 'exit 2 keeps the teammate working',
    execution: completed(2, { stderr: 'keep going' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: keep going',
      effects: { decision: 'block', reason: '[guard.sh]: keep going' },
    },
  },
  {
    event: 'PostToolUse',
    name: 'block, context and updatedToolOutput',
    execution: completed(0, {
      stdout: json({
        decision: 'block',
        reason: 'lint failed',
        hookSpecificOutput: { additionalContext: 'see log', updatedToolOutput: 'x' },
      }),
    }),
    expected: {
      status: 'blocking',
      output: {
        decision: 'block',
        reason: 'lint failed',
        hookSpecificOutput: { additionalContext: 'see log', updatedToolOutput: 'x' },
      },
      error: 'lint failed',
      effects: {
        decision: 'block',
        reason: 'lint failed',
        additionalContext: 'see log',
        specific: { updatedToolOutput: 'x' },
      },
    },
  },
  // --- PermissionRequest
  {
    event: 'PermissionRequest',
    name: 'decision allow with updatedInput',
    execution: completed(0, {
      stdout: json({
        hookSpecificOutput: { decision: { behavior: 'allow', updatedInput: { command: 'ls' } } },
      }),
    }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { decision: { behavior: 'allow', updatedInput: { command: 'ls' } } } },
      error: null,
      effects: {
        decision: 'allow',
        updatedInput: { command: 'ls' },
        specific: { decision: { behavior: 'allow', updatedInput: { command: 'ls' } } },
      },
    },
  },
  {
    event: 'PermissionRequest',
    name: 'decision deny with a message',
    execution: completed(0, {
      stdout: json({ hookSpecificOutput: { decision: { behavior: 'deny', message: 'no' } } }),
    }),
    expected: {
      status: 'blocking',
      output: { hookSpecificOutput: { decision: { behavior: 'deny', message: 'no' } } },
      error: 'no',
      effects: {
        decision: 'deny',
        reason: 'no',
        specific: { decision: { behavior: 'deny', message: 'no' } },
      },
    },
  },
  {
    event: 'PermissionRequest',
    name: 'an unknown behavior is invalid output',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { decision: { behavior: 'ask' } } }) }),
    expected: {
      status: 'non_blocking_error',
      output: { hookSpecificOutput: { decision: { behavior: 'ask' } } },
      error:
        '[guard.sh]: invalid output: hookSpecificOutput.decision .behavior must be "allow" or "deny", got "ask"',
      effects: {},
    },
  },
  // --- WorktreeCreate
  {
    event: 'WorktreeCreate',
    name: 'the path is the last non-empty stdout line',
    execution: completed(0, { stdout: 'creating\n/tmp/wt\n\n' }),
    expected: { ...nothing, effects: { specific: { worktreePath: '/tmp/wt' } } },
  },
  {
    event: 'WorktreeCreate',
    name: 'any non-zero exit fails the creation',
    execution: completed(1, { stderr: 'git failed' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: git failed',
      effects: { decision: 'block', reason: '[guard.sh]: git failed' },
    },
  },
  {
    event: 'WorktreeCreate',
    name: 'an http-style JSON path',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { worktreePath: '/tmp/http-wt' } }) }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { worktreePath: '/tmp/http-wt' } },
      error: null,
      effects: { specific: { worktreePath: '/tmp/http-wt' } },
    },
  },
  // --- notification-only events ignore control output
  ...(
    [
      'Notification',
      'SessionEnd',
      'PostCompact',
      'StopFailure',
      'InstructionsLoaded',
      'WorktreeRemove',
      'QueryEnd',
    ] as const
  ).map(
    (event): Row => ({
      event,
      name: 'control output is ignored',
      execution: completed(0, { stdout: json({ decision: 'block', continue: false, systemMessage: 'x' }) }),
      expected: {
        status: 'success',
        output: { decision: 'block', continue: false, systemMessage: 'x' },
        error: null,
        effects: {},
      },
    }),
  ),
  {
    event: 'StopFailure',
    name: 'exit 2 is only a non-blocking error',
    execution: completed(2, { stderr: 'x' }),
    expected: { status: 'non_blocking_error', output: null, error: '[guard.sh]: x', effects: {} },
  },
  // --- the other events
  {
    event: 'Elicitation',
    name: 'action and content',
    execution: completed(0, {
      stdout: json({ hookSpecificOutput: { action: 'accept', content: { a: 1 } } }),
    }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { action: 'accept', content: { a: 1 } } },
      error: null,
      effects: { specific: { action: 'accept', content: { a: 1 } } },
    },
  },
  {
    event: 'ElicitationResult',
    name: 'exit 2 makes it decline',
    execution: completed(2),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: No stderr output',
      effects: { decision: 'block', reason: '[guard.sh]: No stderr output' },
    },
  },
  {
    event: 'PermissionDenied',
    name: 'retry',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { retry: true } }) }),
    expected: {
      status: 'success',
      output: { hookSpecificOutput: { retry: true } },
      error: null,
      effects: { specific: { retry: true } },
    },
  },
  {
    event: 'CwdChanged',
    name: 'watchPaths must be strings',
    execution: completed(0, { stdout: json({ hookSpecificOutput: { watchPaths: [1] } }) }),
    expected: {
      status: 'non_blocking_error',
      output: { hookSpecificOutput: { watchPaths: [1] } },
      error:
        '[guard.sh]: invalid output: hookSpecificOutput.watchPaths must be an array of strings, got an array',
      effects: {},
    },
  },
  {
    event: 'TaskCreated',
    name: 'decision block refuses the task',
    execution: completed(0, { stdout: json({ decision: 'block', reason: 'no subject' }) }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'no subject' },
      error: 'no subject',
      effects: { decision: 'block', reason: 'no subject' },
    },
  },
  {
    event: 'PreCompact',
    name: 'exit 2 blocks compaction',
    execution: completed(2, { stderr: 'not now' }),
    expected: {
      status: 'blocking',
      output: null,
      error: '[guard.sh]: not now',
      effects: { decision: 'block', reason: '[guard.sh]: not now' },
    },
  },
  {
    event: 'PreCompact',
    name: 'stdout on success is compaction instructions, raw and every line (observed)',
    execution: completed(0, { stdout: 'Keep the TODO list.\nKeep file names.\n' }),
    expected: {
      status: 'success',
      output: null,
      error: null,
      effects: { additionalContext: 'Keep the TODO list.\nKeep file names.' },
    },
  },
  {
    event: 'PreCompact',
    name: 'JSON stdout is honoured and is compaction instructions too, unparsed (observed)',
    execution: completed(0, { stdout: json({ systemMessage: 'compacting' }) }),
    expected: {
      status: 'success',
      output: { systemMessage: 'compacting' },
      error: null,
      effects: { systemMessage: 'compacting', additionalContext: '{"systemMessage":"compacting"}' },
    },
  },
  {
    event: 'PreCompact',
    name: 'a JSON block stops the compaction and gives no instructions',
    execution: completed(0, { stdout: json({ decision: 'block', reason: 'not now' }) }),
    expected: {
      status: 'blocking',
      output: { decision: 'block', reason: 'not now' },
      error: 'not now',
      effects: { decision: 'block', reason: 'not now' },
    },
  },
  {
    event: 'session.start',
    name: 'Deep Agents events ignore output',
    execution: completed(2, { stdout: json({ decision: 'block' }) }),
    expected: {
      status: 'non_blocking_error',
      output: { decision: 'block' },
      error: '[guard.sh]: exited with code 2',
      effects: {},
    },
  },
  // --- structured answers (callbacks, prompt and agent hooks)
  {
    event: 'PreToolUse',
    name: 'a structured output is used instead of stdout',
    execution: completed(0, { output: deny('from code'), stdout: 'ignored' }),
    expected: {
      status: 'blocking',
      output: deny('from code'),
      error: 'from code',
      effects: { decision: 'deny', reason: 'from code' },
    },
  },
  {
    event: 'UserPromptSubmit',
    name: 'a callback returning a string is read like stdout',
    execution: completed(0, { output: 'context from code' }),
    expected: { ...nothing, effects: { additionalContext: 'context from code' } },
  },
  {
    event: 'PreToolUse',
    name: 'a model verdict ok: false denies in the host words, and ends the turn (observed, H07)',
    execution: completed(0, { verdict: { ok: false, reason: 'unsafe' } }),
    expected: {
      status: 'blocking',
      output: { ok: false, reason: 'unsafe' },
      error: '[guard.sh]: unsafe',
      effects: { decision: 'deny', reason: '[guard.sh]: unsafe', continue: false },
    },
  },
  {
    event: 'Stop',
    name: 'a model verdict ok: false blocks the stop, in the host words (observed, H11)',
    execution: completed(0, { verdict: { ok: false, reason: 'tests not run' } }),
    expected: {
      status: 'blocking',
      output: { ok: false, reason: 'tests not run' },
      error: '[guard.sh]: tests not run',
      effects: { decision: 'block', reason: '[guard.sh]: tests not run' },
    },
  },
  {
    event: 'SubagentStop',
    name: 'a model verdict impossible: true lets it stop',
    execution: completed(0, { verdict: { ok: false, reason: 'cannot', impossible: true } }),
    expected: {
      status: 'success',
      output: { ok: false, reason: 'cannot', impossible: true },
      error: null,
      effects: {},
    },
  },
  {
    event: 'PreToolUse',
    name: 'a model verdict ok: true',
    execution: completed(0, { verdict: { ok: true } }),
    expected: { status: 'success', output: { ok: true }, error: null, effects: {} },
  },
  {
    event: 'PreToolUse',
    name: 'a verdict only in details is for reports and is not read',
    execution: completed(0, { details: { verdict: { ok: false, reason: 'unsafe' } } }),
    expected: nothing,
  },
  {
    event: 'PreToolUse',
    name: 'a cancelled run',
    execution: { ...completed(0), kind: 'cancelled', exitCode: null },
    expected: { status: 'cancelled', output: null, error: '[guard.sh]: cancelled', effects: {} },
  },
  // --- a hook that could not run for want of an install (a model SDK): fails closed whatever onFailure says
  ...(['continue', undefined] as const).map(
    (onFailure): Row => ({
      event: 'PreToolUse',
      name: `a missing model SDK blocks (onFailure ${onFailure ?? 'unset'})`,
      onFailure,
      execution: missingSdk,
      expected: {
        status: 'blocking',
        output: null,
        error: `[guard.sh]: ${MISSING_SDK}; blocking because the hook could not run`,
        effects: {
          decision: 'deny',
          reason: `[guard.sh]: ${MISSING_SDK}; blocking because the hook could not run`,
        },
      },
    }),
  ),
  {
    event: 'SessionEnd',
    name: 'a missing model SDK is a non-blocking error where the event cannot block',
    execution: missingSdk,
    expected: {
      status: 'non_blocking_error',
      output: null,
      error: `[guard.sh]: ${MISSING_SDK}`,
      effects: {},
    },
  },
];

describe('readExecution', () => {
  it.each(rows)('$event: $name', ({ event, execution, onFailure, expected }) => {
    const hook = configuredHook({ event, command: 'guard.sh', handler: onFailure ? { onFailure } : {} });
    expect(readExecution(event, hook, execution)).toEqual(expected);
  });
});
