import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/outcome/outcome.js';
import { type HostAnswer, toHostAnswer } from '../../src/protocol/to-host-answer.js';
import { hookRun, outcome } from '../support/outcome-builder.js';

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
const exit2Run = hookRun({
  index: 0,
  command: '/hooks/guard.sh',
  status: 'blocking',
  exitCode: 2,
  stderr: 'no rm\n',
  error: '[/hooks/guard.sh]: no rm',
});
const jsonDenyRun = hookRun({
  index: 1,
  command: '/hooks/deny.sh',
  output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } },
});
const plainRun = hookRun({ index: 0, command: '/hooks/ctx.sh', stdout: 'branch main\n' });
const jsonContextRun = hookRun({ index: 1, command: '/hooks/ctx2.sh', output: { hookSpecificOutput: {} } });

const cases: Array<[string, Outcome, HostAnswer]> = [
  [
    'PreCompact instructions are answered raw, as the host appends a hook’s stdout',
    outcome({ event: 'PreCompact', additionalContext: ['Keep the TODO list.', '{"a":1}'] }),
    { stdout: 'Keep the TODO list.\n{"a":1}\n', stderr: '', exitCode: 0 },
  ],
  ['no hook said anything', outcome({ event: 'PreToolUse' }), { stdout: '', stderr: '', exitCode: 0 }],
  [
    'PreToolUse deny from JSON keeps the reason in JSON',
    outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: 'MK deny',
      runs: [jsonDenyRun],
      trace: { decision: [1] },
    }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'MK deny',
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PreToolUse deny from one exit-2 hook is an exit 2 with the same stderr',
    outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: '[/hooks/guard.sh]: no rm',
      runs: [exit2Run, hookRun({ index: 1, command: '/hooks/allow.sh' })],
      trace: { decision: [0] },
    }),
    { stdout: '', stderr: 'no rm\n', exitCode: 2 },
  ],
  [
    'an exit-2 hook with empty stderr leaves the host to say "No stderr output"',
    outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: '[/hooks/quiet.sh]: No stderr output',
      runs: [
        hookRun({
          index: 0,
          command: '/hooks/quiet.sh',
          status: 'blocking',
          exitCode: 2,
          error: '[/hooks/quiet.sh]: No stderr output',
        }),
      ],
      trace: { decision: [0] },
    }),
    { stdout: '', stderr: '', exitCode: 2 },
  ],
  [
    'a fail-closed timeout is re-told in the host words, without a newline',
    outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: '[/hooks/slow.sh]: timed out; blocking because onFailure is "block"',
      runs: [
        hookRun({
          index: 0,
          command: '/hooks/slow.sh',
          status: 'blocking',
          exitCode: null,
          signal: 'SIGTERM',
          error: '[/hooks/slow.sh]: timed out; blocking because onFailure is "block"',
        }),
      ],
      trace: { decision: [0] },
    }),
    { stdout: '', stderr: 'timed out; blocking because onFailure is "block"', exitCode: 2 },
  ],
  [
    'several exit-2 hooks keep every bracketed command',
    outcome({
      event: 'Stop',
      decision: 'block',
      reason: '[/hooks/guard.sh]: no rm\n[/hooks/b.sh]: tests',
      runs: [
        exit2Run,
        hookRun({
          index: 1,
          command: '/hooks/b.sh',
          status: 'blocking',
          exitCode: 2,
          error: '[/hooks/b.sh]: tests',
        }),
      ],
      trace: { decision: [0, 1] },
    }),
    { stdout: '', stderr: '[/hooks/guard.sh]: no rm\n[/hooks/b.sh]: tests', exitCode: 2 },
  ],
  [
    'exit 2 plus a JSON deny answers in JSON with the merged reason',
    outcome({
      event: 'PreToolUse',
      decision: 'deny',
      reason: '[/hooks/guard.sh]: no rm\nBlocked by hook',
      runs: [exit2Run, jsonDenyRun],
      trace: { decision: [0, 1] },
    }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: '[/hooks/guard.sh]: no rm\nBlocked by hook',
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PreToolUse allow with a rewritten input and context',
    outcome({
      event: 'PreToolUse',
      decision: 'allow',
      reason: 'ok',
      updatedInput: { command: 'ls -la' },
      additionalContext: ['a', 'b'],
    }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          permissionDecisionReason: 'ok',
          updatedInput: { command: 'ls -la' },
          additionalContext: 'a\nb',
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PreToolUse updatedInput without a decision',
    outcome({ event: 'PreToolUse', updatedInput: { file_path: 'a.ts' } }),
    {
      stdout: json({
        hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: 'a.ts' } },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'Stop block from JSON is a legacy decision',
    outcome({
      event: 'Stop',
      decision: 'block',
      reason: 'run the tests',
      runs: [hookRun({ index: 0, command: 'x', output: {} })],
      trace: { decision: [0] },
    }),
    { stdout: json({ decision: 'block', reason: 'run the tests' }), stderr: '', exitCode: 0 },
  ],
  [
    'PostToolUse block and context',
    outcome({
      event: 'PostToolUse',
      decision: 'block',
      reason: 'lint failed',
      additionalContext: ['see eslint'],
      runs: [hookRun({ index: 0, command: 'x', output: {} })],
      trace: { decision: [0] },
    }),
    {
      stdout: json({
        decision: 'block',
        reason: 'lint failed',
        hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'see eslint' },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'UserPromptSubmit context only from plain stdout stays plain stdout',
    outcome({
      event: 'UserPromptSubmit',
      additionalContext: ['branch main'],
      runs: [plainRun],
      trace: { additionalContext: [0] },
    }),
    { stdout: 'branch main\n', stderr: '', exitCode: 0 },
  ],
  [
    'SessionStart contexts from plain and JSON are joined in configuration order',
    outcome({
      event: 'SessionStart',
      additionalContext: ['branch main', 'MK_CTX'],
      hookSpecificOutput: { watchPaths: ['/p/.env'] },
      runs: [plainRun, jsonContextRun],
      trace: { additionalContext: [0, 1] },
    }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'SessionStart',
          additionalContext: 'branch main\nMK_CTX',
          watchPaths: ['/p/.env'],
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'continue false, stop reason and system messages',
    outcome({
      event: 'UserPromptSubmit',
      continue: false,
      stopReason: 'quota',
      systemMessages: ['one', 'two'],
      suppressOutput: true,
    }),
    {
      stdout: json({ continue: false, stopReason: 'quota', systemMessage: 'one\ntwo', suppressOutput: true }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PermissionRequest forwards the merged decision object',
    outcome({
      event: 'PermissionRequest',
      decision: 'deny',
      reason: 'no',
      hookSpecificOutput: { decision: { behavior: 'deny', message: 'no', interrupt: true } },
      runs: [hookRun({ index: 0, command: 'x', output: {} })],
      trace: { decision: [0] },
    }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'deny', message: 'no', interrupt: true },
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PermissionRequest allow without a decision object gets one',
    outcome({ event: 'PermissionRequest', decision: 'allow', updatedInput: { command: 'ls' } }),
    {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'allow', updatedInput: { command: 'ls' } },
        },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'WorktreeCreate answers the path as a plain line',
    outcome({ event: 'WorktreeCreate', hookSpecificOutput: { worktreePath: '/tmp/wt/feature' } }),
    { stdout: '/tmp/wt/feature\n', stderr: '', exitCode: 0 },
  ],
  [
    'WorktreeCreate failure blocks by exit code',
    outcome({
      event: 'WorktreeCreate',
      decision: 'block',
      reason: 'disk full',
      runs: [hookRun({ index: 0, command: 'x', output: {} })],
      trace: { decision: [0] },
    }),
    { stdout: '', stderr: 'disk full', exitCode: 2 },
  ],
  [
    'TeammateIdle cannot block in JSON, so it exits 2',
    outcome({
      event: 'TeammateIdle',
      decision: 'block',
      reason: 'keep going',
      runs: [hookRun({ index: 0, command: 'x', output: {} })],
      trace: { decision: [0] },
    }),
    { stdout: '', stderr: 'keep going', exitCode: 2 },
  ],
  [
    'Elicitation answers action and content',
    outcome({ event: 'Elicitation', hookSpecificOutput: { action: 'accept', content: { name: 'x' } } }),
    {
      stdout: json({
        hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { name: 'x' } },
      }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'CwdChanged watch paths',
    outcome({ event: 'CwdChanged', hookSpecificOutput: { watchPaths: ['/a'] } }),
    {
      stdout: json({ hookSpecificOutput: { hookEventName: 'CwdChanged', watchPaths: ['/a'] } }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'PermissionDenied retry',
    outcome({ event: 'PermissionDenied', hookSpecificOutput: { retry: true } }),
    {
      stdout: json({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } }),
      stderr: '',
      exitCode: 0,
    },
  ],
  [
    'a notification-only event answers nothing but lists failures on stderr',
    outcome({
      event: 'SessionEnd',
      systemMessages: ['ignored'],
      runs: [
        hookRun({
          index: 0,
          command: '/hooks/log.sh',
          status: 'non_blocking_error',
          exitCode: 1,
          error: '[/hooks/log.sh]: exited with code 1',
        }),
      ],
    }),
    { stdout: '', stderr: 'hookwire: [/hooks/log.sh] exited with code 1\n', exitCode: 0 },
  ],
  [
    'SessionStart ignores a block (exit 2 has no effect there)',
    outcome({
      event: 'SessionStart',
      decision: null,
      runs: [
        hookRun({
          index: 0,
          command: '/h',
          status: 'timeout',
          exitCode: null,
          error: '[/h]: timed out after 5s',
        }),
      ],
    }),
    { stdout: '', stderr: 'hookwire: [/h] timed out after 5s\n', exitCode: 0 },
  ],
];

describe('toHostAnswer', () => {
  it.each(cases)('%s', (_name, given, expected) => {
    expect(toHostAnswer(given)).toEqual(expected);
  });
});
