import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Decision, EventName } from '../../src/events/index.js';
import type { RunStatus } from '../../src/outcome/outcome.js';
import { commandOf, type Project } from './acceptance-project.js';

/** The parts of an Outcome an author's intent is about. Values may be vitest asymmetric matchers. */
export interface Verdict {
  readonly decision: Decision | null;
  readonly reason: unknown;
  readonly continue: boolean;
  readonly systemMessages: readonly unknown[];
  readonly additionalContext: readonly unknown[];
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
  readonly hookSpecificOutput: Readonly<Record<string, unknown>>;
  /** `runs[].status` in configuration order; empty when no hook was selected. */
  readonly statuses: readonly RunStatus[];
}

/** What nobody decided: the verdict of a firing whose hooks said nothing, or that selected none. */
export const nothingDecided: Verdict = {
  decision: null,
  reason: null,
  continue: true,
  systemMessages: [],
  additionalContext: [],
  updatedInput: null,
  hookSpecificOutput: {},
  statuses: ['success'],
};

/** One published hook tried on one input, with the verdict its author intended under the protocol. */
export interface AcceptanceCase {
  readonly title: string;
  /** The fixture directory under test/fixtures/acceptance. */
  readonly hook: string;
  /** The settings file in that directory. Default `settings.json`. */
  readonly settings?: string;
  readonly event: EventName;
  /** The event's own fields; the common ones come from the observed payload shape. */
  readonly fields: (project: Project) => Record<string, unknown>;
  /** Files the case needs in the session directory. */
  readonly prepare?: (project: Project) => void;
  /** The intended verdict, over `nothingDecided`. */
  readonly intended: (project: Project) => Partial<Verdict>;
  /** Checks of what the hook did to files. */
  readonly effects?: (project: Project) => void;
  /** Also run as a real `hookwire fire --json` process. */
  readonly throughCli?: boolean;
  /**
   * Where hookwire is known not to do what the author intended: the case runs as an expected failure
   * (`it.fails`), so it starts failing, and must be promoted, once the gap is closed.
   */
  readonly knownGap?: string;
}

/** A PreToolUse permission verdict as the protocol states it, in both places it appears. */
function permission(decision: Decision, reason: unknown, statuses: RunStatus[]): Partial<Verdict> {
  return {
    decision,
    reason,
    hookSpecificOutput: { permissionDecision: decision, permissionDecisionReason: reason },
    statuses,
  };
}

/** The host's words for an exit-2 hook: `[<command as configured>]: <stderr without its last newline>`. */
function exitTwo(hook: string, event: string, stderr: string, position = 0): string {
  return `[${commandOf(hook, event, position)}]: ${stderr}`;
}

const bash = (command: string) => ({
  tool_name: 'Bash',
  tool_input: { command, description: 'run command' },
});

/** A project whose `npm test` (and `npm run test -- --changed`) fails or passes. */
function npmProject(passing: boolean) {
  return (project: Project) => {
    project.write(
      'package.json',
      JSON.stringify({ name: 'demo', private: true, scripts: { test: 'node check.js' } }),
    );
    project.write(
      'check.js',
      passing
        ? 'console.log("PASS src/sum.test.js");\n'
        : 'console.log("FAIL src/sum.test.js\\n  expected 3, received 4");\nprocess.exit(1);\n',
    );
  };
}

const rgAdvice = "• Use 'rg' (ripgrep) instead of 'grep' for better performance and features";
const findAdvice =
  "• Use 'rg --files | rg pattern' or 'rg --files -g pattern' instead of 'find -name' for better performance";
const pushDenied =
  'Blocked: Direct git push bypasses required workflow. Use /complete-task command instead, which runs the complete verification pipeline (lint, test, code review, PR submission) and prevents orphaned changes.';
const envDenied =
  'BLOCKED: Access to .env files containing sensitive data is prohibited\nUse .env.sample for template files instead';
const stopInstruction =
  '[Stop Hook] Tests failed. Assess whether these failures are related to changes you made this session - if not, mention them to the user and stop.';

/** Every case, grouped by hook. */
export const acceptanceCases: readonly AcceptanceCase[] = [
  {
    title: 'grep without a pipe is refused with the rg advice',
    hook: 'bash-command-validator',
    event: 'PreToolUse',
    fields: () => bash('grep -rn "TODO" src'),
    intended: () =>
      permission('deny', exitTwo('bash-command-validator', 'PreToolUse', rgAdvice), ['blocking']),
    throughCli: true,
  },
  {
    title: 'find -name is refused with the rg --files advice',
    hook: 'bash-command-validator',
    event: 'PreToolUse',
    fields: () => bash('find . -name "*.ts"'),
    intended: () =>
      permission('deny', exitTwo('bash-command-validator', 'PreToolUse', findAdvice), ['blocking']),
  },
  {
    title: 'grep in a pipeline passes',
    hook: 'bash-command-validator',
    event: 'PreToolUse',
    fields: () => bash('grep -n TODO src/app.ts | head -5'),
    intended: () => ({}),
  },
  {
    title: 'editing .env is refused',
    hook: 'protect-files',
    event: 'PreToolUse',
    fields: (project) => ({
      tool_name: 'Edit',
      tool_input: { file_path: `${project.directory}/.env`, old_string: 'DEBUG=0', new_string: 'DEBUG=1' },
    }),
    intended: (project) =>
      permission(
        'deny',
        exitTwo(
          'protect-files',
          'PreToolUse',
          `Blocked: ${project.directory}/.env matches protected pattern '.env'`,
        ),
        ['blocking'],
      ),
  },
  {
    title: 'writing package-lock.json is refused',
    hook: 'protect-files',
    event: 'PreToolUse',
    fields: (project) => ({
      tool_name: 'Write',
      tool_input: { file_path: `${project.directory}/package-lock.json`, content: '{}\n' },
    }),
    intended: (project) =>
      permission(
        'deny',
        exitTwo(
          'protect-files',
          'PreToolUse',
          `Blocked: ${project.directory}/package-lock.json matches protected pattern 'package-lock.json'`,
        ),
        ['blocking'],
      ),
  },
  {
    title: 'writing a source file passes',
    hook: 'protect-files',
    event: 'PreToolUse',
    fields: (project) => ({
      tool_name: 'Write',
      tool_input: { file_path: `${project.directory}/src/app.ts`, content: 'export {};\n' },
    }),
    intended: () => ({}),
  },
  {
    title: 'reading .env is not its business (matcher Edit|Write)',
    hook: 'protect-files',
    event: 'PreToolUse',
    fields: (project) => ({ tool_name: 'Read', tool_input: { file_path: `${project.directory}/.env` } }),
    intended: () => ({ statuses: [] }),
  },
  {
    title: 'rm -rf / is refused',
    hook: 'rm-env-guard',
    event: 'PreToolUse',
    fields: () => bash('rm -rf /'),
    intended: () =>
      permission(
        'deny',
        exitTwo('rm-env-guard', 'PreToolUse', 'BLOCKED: Dangerous rm command detected and prevented'),
        ['blocking'],
      ),
  },
  {
    title: 'reading .env is refused',
    hook: 'rm-env-guard',
    event: 'PreToolUse',
    fields: (project) => ({ tool_name: 'Read', tool_input: { file_path: `${project.directory}/.env` } }),
    intended: () => permission('deny', exitTwo('rm-env-guard', 'PreToolUse', envDenied), ['blocking']),
  },
  {
    title: 'reading .env.sample passes and is logged in the session directory',
    hook: 'rm-env-guard',
    event: 'PreToolUse',
    fields: (project) => ({
      tool_name: 'Read',
      tool_input: { file_path: `${project.directory}/.env.sample` },
    }),
    intended: () => ({}),
    effects: (project) => {
      const log = JSON.parse(project.read('logs/pre_tool_use.json'));
      expect(log.map((entry: { tool_input: unknown }) => entry.tool_input)).toEqual([
        { file_path: `${project.directory}/.env.sample` },
      ]);
    },
  },
  {
    title: 'git commit --no-verify is denied in JSON',
    hook: 'bypass-guard',
    event: 'PreToolUse',
    fields: () => bash('git commit --no-verify -m wip'),
    intended: () =>
      permission('deny', 'Blocked: This command bypasses safety checks (--no-verify, --force, --hard)', [
        'blocking',
      ]),
  },
  {
    title: 'a direct git push is denied in JSON',
    hook: 'bypass-guard',
    event: 'PreToolUse',
    fields: () => bash('git push origin main'),
    intended: () => permission('deny', pushDenied, ['blocking']),
  },
  {
    title: 'anything else is allowed in JSON',
    hook: 'bypass-guard',
    event: 'PreToolUse',
    fields: () => bash('npm test'),
    intended: () => permission('allow', 'Command passed safety validation', ['success']),
  },
  {
    title: 'git push asks the user',
    hook: 'git-push-ask',
    event: 'PreToolUse',
    fields: () => bash('git push origin feature/login'),
    intended: () => permission('ask', 'git push detected — confirm before pushing to remote', ['success']),
  },
  {
    title: 'other commands get no decision',
    hook: 'git-push-ask',
    event: 'PreToolUse',
    fields: () => bash('git status'),
    intended: () => ({}),
  },
  {
    title: 'combined: a deny beats an ask on git push, and only the deny is explained',
    hook: 'combined-bash-guards',
    event: 'PreToolUse',
    fields: () => bash('git push origin feature/login'),
    intended: () => permission('deny', pushDenied, ['blocking', 'success', 'success']),
  },
  {
    title: 'combined: an exit-2 block beats a JSON allow',
    hook: 'combined-bash-guards',
    event: 'PreToolUse',
    fields: () => bash('grep -rn "TODO" src'),
    intended: () =>
      permission('deny', exitTwo('combined-bash-guards', 'PreToolUse', rgAdvice, 2), [
        'success',
        'success',
        'blocking',
      ]),
  },
  {
    title: 'combined: a harmless command is allowed',
    hook: 'combined-bash-guards',
    event: 'PreToolUse',
    fields: () => bash('git status'),
    intended: () =>
      permission('allow', 'Command passed safety validation', ['success', 'success', 'success']),
  },
  {
    title: 'python -m pytest is rewritten to pytest with a longer timeout',
    hook: 'banned-commands',
    event: 'PreToolUse',
    fields: () => bash('python -m pytest tests/ -x'),
    intended: () => ({
      ...permission(
        'allow',
        [
          "Rewriting command: 'python -m pytest tests/ -x' → 'pytest tests/ -x'",
          "  Reason: Automatically rewriting to use 'pytest' directly.",
          'Auto-setting timeout to 10 minutes for this command',
          '  Reason: The test suite needs up to 10 minutes.',
        ].join('\n'),
        ['success'],
      ),
      updatedInput: { command: 'pytest tests/ -x', timeout: 600000 },
    }),
    throughCli: true,
  },
  {
    title: 'a banned command is blocked with its explanation',
    hook: 'banned-commands',
    event: 'PreToolUse',
    fields: () => bash('git commit --no-verify -m wip'),
    intended: () =>
      permission(
        'deny',
        exitTwo('banned-commands', 'PreToolUse', '• Using --no-verify is not permitted in this project.'),
        ['blocking'],
      ),
  },
  {
    title: 'a command that follows the rules is left alone',
    hook: 'banned-commands',
    event: 'PreToolUse',
    fields: () => ({ tool_name: 'Bash', tool_input: { command: 'pytest tests/ -x', timeout: 900000 } }),
    intended: () => ({}),
  },
  {
    title: 'a written file is formatted in place, nothing decided',
    hook: 'format-after-edit',
    event: 'PostToolUse',
    prepare: (project) => project.write('src/greet.ts', "const greeting = {to:'world',\n      loud:true}\n"),
    fields: (project) => ({
      tool_name: 'Write',
      tool_input: {
        file_path: `${project.directory}/src/greet.ts`,
        content: "const greeting = {to:'world'}",
      },
      tool_response: { type: 'create', filePath: `${project.directory}/src/greet.ts`, structuredPatch: [] },
    }),
    intended: () => ({}),
    effects: (project) =>
      expect(project.read('src/greet.ts')).toBe('const greeting = { to: "world", loud: true };\n'),
  },
  {
    title: 'a formatter failure is a non-blocking error',
    hook: 'format-after-edit',
    event: 'PostToolUse',
    prepare: (project) => project.write('src/broken.ts', 'const = ;\n'),
    fields: (project) => ({
      tool_name: 'Edit',
      tool_input: { file_path: `${project.directory}/src/broken.ts`, old_string: 'a', new_string: 'b' },
      tool_response: { filePath: `${project.directory}/src/broken.ts` },
    }),
    intended: () => ({ statuses: ['non_blocking_error'] }),
    effects: (project) => expect(project.read('src/broken.ts')).toBe('const = ;\n'),
  },
  {
    title: 'after compaction the reminder becomes context',
    hook: 'compact-reminder',
    event: 'SessionStart',
    fields: () => ({ source: 'compact' }),
    intended: () => ({
      additionalContext: [
        'Reminder: use Bun, not npm. Run bun test before committing. Current sprint: auth refactor.',
      ],
    }),
  },
  {
    title: 'a fresh start does not run it (matcher compact)',
    hook: 'compact-reminder',
    event: 'SessionStart',
    fields: () => ({ source: 'startup' }),
    intended: () => ({ statuses: [] }),
  },
  {
    title: "the session directory's branch becomes context",
    hook: 'session-git-branch',
    event: 'SessionStart',
    prepare: (project) =>
      execFileSync('git', ['init', '--quiet', '--initial-branch=feature/login'], { cwd: project.directory }),
    fields: () => ({ source: 'startup' }),
    intended: () => ({ additionalContext: ['Current branch: feature/login\n'] }),
  },
  {
    title: 'a guarded CLAUDE_ENV_FILE writer decides nothing',
    hook: 'persist-env',
    event: 'SessionStart',
    fields: () => ({ source: 'startup' }),
    intended: () => ({}),
  },
  {
    title: 'an unguarded CLAUDE_ENV_FILE writer succeeds',
    hook: 'persist-env',
    settings: 'settings-inline.json',
    event: 'SessionStart',
    fields: () => ({ source: 'startup' }),
    intended: () => ({}),
  },
  {
    title: 'a prompt carrying an API key is blocked, with a message for the user',
    hook: 'prompt-secret-validator',
    event: 'UserPromptSubmit',
    fields: () => ({ prompt: 'call the billing API with api_key=AbCdEf0123456789XyZ42 and list invoices' }),
    intended: () => ({
      decision: 'block',
      reason: 'Potential secret detected: pattern (?i)(api[_-]?key|apikey)\\s*[:=...',
      systemMessages: ['🔒 Prompt contains potential secrets. Please review and remove sensitive data.'],
      statuses: ['blocking'],
    }),
    throughCli: true,
  },
  {
    title: 'a clean prompt gets the validation line as context',
    hook: 'prompt-secret-validator',
    event: 'UserPromptSubmit',
    fields: () => ({ prompt: 'add a test for the parser' }),
    intended: () => ({
      additionalContext: [
        expect.stringMatching(
          /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\] ✓ Prompt validated - no secrets detected$/,
        ),
      ],
    }),
  },
  {
    title: 'ExitPlanMode is approved without a dialog',
    hook: 'exitplanmode-auto-approve',
    event: 'PermissionRequest',
    fields: () => ({ tool_name: 'ExitPlanMode', tool_input: { plan: '1. Add the parser test' } }),
    intended: () => ({ decision: 'allow', hookSpecificOutput: { decision: { behavior: 'allow' } } }),
  },
  {
    title: 'ExitPlanMode is approved and the session switches to acceptEdits',
    hook: 'exitplanmode-auto-approve',
    settings: 'settings-accept-edits.json',
    event: 'PermissionRequest',
    fields: () => ({ tool_name: 'ExitPlanMode', tool_input: { plan: '1. Add the parser test' } }),
    intended: () => ({
      decision: 'allow',
      hookSpecificOutput: {
        decision: {
          behavior: 'allow',
          updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
        },
      },
    }),
  },
  {
    title: 'other permission prompts are left to the user',
    hook: 'exitplanmode-auto-approve',
    event: 'PermissionRequest',
    fields: () => ({ tool_name: 'Bash', tool_input: { command: 'rm -r build' } }),
    intended: () => ({ statuses: [] }),
  },
  {
    title: 'a notification is logged under $HOME, nothing decided',
    hook: 'notification-logger',
    event: 'Notification',
    fields: () => ({
      message: 'Claude needs your permission to use Bash',
      notification_type: 'permission_prompt',
    }),
    intended: () => ({}),
    effects: (project) => {
      const log = readFileSync(join(project.home, '.claude', 'logs', 'notifications.log'), 'utf8');
      expect(log).toMatch(
        /^=+ NOTIFICATIONS HOOK =+\nTimestamp: .+ UTC\nArguments: \n--- Hook Input Start ---\n\{.*"message":"Claude needs your permission to use Bash".*\}\n\n--- Hook Input End ---\n\n$/,
      );
    },
  },
  {
    title: 'failing tests keep the agent working, with the failures as the reason (JSON and exit 2)',
    hook: 'stop-tests',
    event: 'Stop',
    prepare: npmProject(false),
    fields: () => ({ stop_hook_active: false, last_assistant_message: 'all done', background_tasks: [] }),
    intended: () => ({
      decision: 'block',
      reason: expect.stringMatching(
        new RegExp(
          `FAIL src/sum\\.test\\.js\\n {2}expected 3, received 4\\n\\n\\n${escapeRegExp(stopInstruction)}$`,
        ),
      ),
      statuses: ['blocking'],
    }),
  },
  {
    title: 'a second stop (stop_hook_active) is let through without running the tests',
    hook: 'stop-tests',
    event: 'Stop',
    prepare: npmProject(false),
    fields: () => ({ stop_hook_active: true, last_assistant_message: 'all done', background_tasks: [] }),
    intended: () => ({}),
  },
  {
    title: 'passing tests let the agent stop',
    hook: 'stop-tests',
    event: 'Stop',
    prepare: npmProject(true),
    fields: () => ({ stop_hook_active: false, last_assistant_message: 'all done', background_tasks: [] }),
    intended: () => ({}),
  },
  {
    title: 'failing tests block the stop with a message for the user',
    hook: 'stop-run-tests',
    event: 'Stop',
    prepare: npmProject(false),
    fields: () => ({ stop_hook_active: false, last_assistant_message: 'all done', background_tasks: [] }),
    intended: () => ({
      decision: 'block',
      reason: 'Tests are failing. Please fix before stopping.',
      systemMessages: ['Run npm test to see failures'],
      statuses: ['blocking'],
    }),
  },
  {
    title: 'passing tests: the legacy "approve" lets the agent stop',
    hook: 'stop-run-tests',
    event: 'Stop',
    prepare: npmProject(true),
    fields: () => ({ stop_hook_active: false, last_assistant_message: 'all done', background_tasks: [] }),
    intended: () => ({}),
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
