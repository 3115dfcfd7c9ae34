import { join } from 'node:path';
import type { Outcome } from '../../outcome/outcome.js';
import type { HostAnswer } from '../../protocol/host-answer.js';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host, IncomingEvent } from '../host.js';
import { CURSOR_HOST_EVENTS, cursorEventOf } from './cursor-events.js';
import { toCursorAnswer } from './to-cursor-answer.js';

/**
 * Cursor's agent (docs/hosts/cursor.md, built from Cursor's published documentation, not run: Cursor does
 * not install here): its camelCase events and payload (`preToolUse` with `tool_name: "Shell"`,
 * `beforeShellExecution` with `command`, `conversation_id`, `workspace_roots`) mapped onto the catalogue's,
 * read as Claude Code reads a hook's output, and answered in Cursor's own fields (`toCursorAnswer`).
 * `hookwire init cursor` installs it in the project's `.cursor/hooks.json`, each entry naming the project's
 * hooks file with `--settings`, as `init droid` does.
 */
export const cursorHost: Host = {
  specificationVersion: 'v1',
  name: 'cursor',
  aliases: ['cursor-agent'],
  displayName: 'Cursor',
  events: CURSOR_HOST_EVENTS,
  answer: { command: toCursorAnswer, http: toHttpAnswer, failure: cursorFailure },
  environment: {
    // Cursor sets CURSOR_PROJECT_DIR and CLAUDE_PROJECT_DIR itself; hookwire's project is the hooks file's.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Cursor's own layout: one folder per workspace, its path without the leading `/` and every other
    // character that is not a letter or digit a dash.
    transcriptPath: (homeDir, projectDir, sessionId) =>
      join(
        homeDir,
        '.cursor',
        'projects',
        projectDir.replace(/^\//, '').replace(/[^A-Za-z0-9]/g, '-'),
        'agent-transcripts',
        `${sessionId}.jsonl`,
      ),
    // Cursor runs a trusted workspace's .cursor/hooks.json; hookwire run requires its own trust store too
    // (docs/trust.md). Without --settings, the project's own hooks file (init always names it).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['cursor [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init cursor\` adds one entry per Cursor event the hooks file uses to the project's .cursor/hooks.json
(Cursor's project hooks), calling \`hookwire run --host cursor <event>\` (timeout in seconds; failClosed on
the events that can deny; docs/hosts/cursor.md); \`init cursor --undo\` puts the file back as it was when
only hookwire changed it, else removes hookwire's entries. Everything else in the file is kept.`,
    load: () => import('./install/init-cursor.js').then((module) => module.initCursor),
  },
};

/**
 * The events where Cursor's exit 2 would undo the block: on stop and subagentStop it drops the
 * `followup_message` that keeps the agent going, after a tool it drops the context that tells the model.
 */
const ANSWERED_BY_JSON_ONLY: ReadonlySet<string> = new Set([
  'stop',
  'subagentStop',
  'postToolUse',
  'postToolUseFailure',
  'afterShellExecution',
  'afterMCPExecution',
  'afterFileEdit',
]);

/**
 * hookwire's own failure on an event that can block: the block in Cursor's fields (`permission: "deny"`,
 * `continue: false`, `followup_message`, the reason as context), and exit 2 too wherever Cursor's
 * documentation reads exit 2 as a block (the permission events, beforeSubmitPrompt, preCompact), so that
 * either reading of the answer blocks. Its stderr is hookwire's own reason alone, which the caller writes.
 */
function cursorFailure(outcome: Outcome, incoming?: IncomingEvent): HostAnswer {
  const answer = { ...toCursorAnswer(outcome, incoming), stderr: '' };
  const named = incoming?.original.event ?? cursorEventOf(outcome.event);
  return named !== undefined && ANSWERED_BY_JSON_ONLY.has(named) ? answer : { ...answer, exitCode: 2 };
}
