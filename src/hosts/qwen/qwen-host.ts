import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host } from '../host.js';
import { QWEN_HOST_EVENTS } from './qwen-events.js';
import { toQwenAnswer } from './to-qwen-answer.js';

/**
 * Qwen Code (docs/hosts/qwen.md, observed with 0.24.4): Claude Code's events, payload and output reading,
 * its tools under Qwen's names (`run_shell_command`, mapped to `Bash`), its command hooks' `timeout` in
 * milliseconds, and one answer it cannot take (a PreToolUse rewrite, answered as a deny: `toQwenAnswer`).
 * `hookwire init qwen` installs it in the user's settings.json, which serves every project, so `hookwire
 * run --host qwen` finds the project's own hooks file from the session's directory, as for Codex.
 */
export const qwenHost: Host = {
  specificationVersion: 'v1',
  name: 'qwen',
  aliases: ['qwen-code'],
  displayName: 'Qwen Code',
  events: QWEN_HOST_EVENTS,
  answer: { command: toQwenAnswer, http: toHttpAnswer },
  environment: {
    // Qwen Code sets QWEN_PROJECT_DIR, GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR itself.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Qwen's own layout: one folder per project, its path with every other character a dash.
    transcriptPath: (homeDir, projectDir, sessionId) =>
      join(
        homeDir,
        '.qwen',
        'projects',
        projectDir.replace(/[^A-Za-z0-9]/g, '-'),
        'chats',
        `${sessionId}.jsonl`,
      ),
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['qwen [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init qwen\` adds one group per event the hooks file uses to the "hooks" of $QWEN_HOME/settings.json (Qwen
Code's user settings), calling \`hookwire run --host qwen <Event>\` (timeout in ms, as Qwen counts it;
docs/hosts/qwen.md); \`init qwen --undo\` removes them. Everything else in the file is kept.`,
    load: () => import('./install/init-qwen.js').then((module) => module.initQwen),
  },
};
