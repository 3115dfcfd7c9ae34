import { join } from 'node:path';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { respondingHook } from './helpers.js';

/*
 * The scenarios the SDK adapters' suites share (AI SDK, OpenAI Agents SDK): the same hooks, driven through
 * each SDK's own agent loop, so a behaviour is written once and each suite only says how its SDK shows it.
 */

/** A scripted model step that calls the Bash tool. */
export const callBash = (command: string, id = 'call-1') => ({
  toolCalls: [{ name: 'Bash', input: { command }, id }],
});

/** A PreToolUse answer with `answer` in its hookSpecificOutput. */
export const preToolUse = (answer: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...answer },
});

/** A PreToolUse hook (matching `matcher`, every tool when absent) that denies with `reason`. */
export function denyingPreToolUse(record: string, reason: string, matcher?: string): ClaudeSettings {
  const answer = preToolUse({ permissionDecision: 'deny', permissionDecisionReason: reason });
  return {
    hooks: {
      PreToolUse: [
        {
          ...(matcher === undefined ? {} : { matcher }),
          hooks: [respondingHook(record, { stdout: answer })],
        },
      ],
    },
  };
}

/** A PreToolUse hook that asks, with the reason "Sure?". */
export function askingPreToolUse(record: string): ClaudeSettings {
  const answer = preToolUse({ permissionDecision: 'ask', permissionDecisionReason: 'Sure?' });
  return { hooks: { PreToolUse: [{ hooks: [respondingHook(record, { stdout: answer })] }] } };
}

/** A Bash PreToolUse hook that appends ` --dry-run` to the command, and rewrites `bad` to a number. */
export const REWRITING_PRE_TOOL_USE: ClaudeSettings = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          {
            type: 'command',
            command: 'node',
            args: [
              '-e',
              `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const i=JSON.parse(s).tool_input;` +
                `const u=i.command==='bad'?{command:42}:{command:i.command+' --dry-run'};` +
                `console.log(JSON.stringify({hookSpecificOutput:{hookEventName:'PreToolUse',updatedInput:u}}))})`,
            ],
          },
        ],
      },
    ],
  },
};

/** The hooks entry of one hook that answers `additionalContext` for `event`. */
export function contextHook(event: string, record: string, additionalContext: string, matcher?: string) {
  const answer = { stdout: { hookSpecificOutput: { hookEventName: event, additionalContext } } };
  return [{ ...(matcher === undefined ? {} : { matcher }), hooks: [respondingHook(record, answer)] }];
}

/** SessionStart and UserPromptSubmit hooks that add context, and a SessionEnd hook; records named by event. */
export function sessionContext(record: (name: string) => string): ClaudeSettings {
  return {
    hooks: {
      SessionStart: contextHook('SessionStart', record('start'), 'Branch main.'),
      UserPromptSubmit: contextHook('UserPromptSubmit', record('prompt'), 'House rules.'),
      SessionEnd: [{ hooks: [respondingHook(record('end'))] }],
    },
  };
}

/** A UserPromptSubmit hook that blocks every prompt. */
export function blockingPrompt(record: string): ClaudeSettings {
  const answer = { stdout: { decision: 'block', reason: 'No secrets.' } };
  return { hooks: { UserPromptSubmit: [{ hooks: [respondingHook(record, answer)] }] } };
}

/** The example Stop hook that blocks once, asking for the tests. */
export const REQUIRE_TESTS_STOP = {
  Stop: [
    {
      hooks: [{ type: 'command' as const, command: join(process.cwd(), 'examples/hooks/require-tests.sh') }],
    },
  ],
};

/** What the model reads after REQUIRE_TESTS_STOP blocks. */
export const REQUIRE_TESTS_FEEDBACK =
  'Stop hook feedback:\nRun the test suite (npm test) and fix any failure before you finish.';

/** A Stop hook that always blocks. */
export function alwaysBlockingStop(record: string): ClaudeSettings {
  const answer = { stdout: { decision: 'block', reason: 'Again.' } };
  return { hooks: { Stop: [{ hooks: [respondingHook(record, answer)] }] } };
}

/** The PreToolUse payload an adapter sends for the Bash call `command` of session-1. */
export function bashPreToolUsePayload(cwd: string, command: string) {
  return {
    session_id: 'session-1',
    transcript_path: null,
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'call-1',
  };
}

/** The user texts of the first two prompts under `sessionContext`. */
export const SESSION_CONTEXT_TEXTS = {
  first: [
    'hello',
    '<system-reminder>\nSessionStart hook additional context: Branch main.\n</system-reminder>',
    '<system-reminder>\nUserPromptSubmit hook additional context: House rules.\n</system-reminder>',
  ],
  second: [
    'more',
    '<system-reminder>\nUserPromptSubmit hook additional context: House rules.\n</system-reminder>',
  ],
};
