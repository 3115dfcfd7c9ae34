import { basename, join } from 'node:path';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { commandAnswerAsHttp } from '../command-answer-as-http.js';
import type { Host } from '../host.js';
import { GEMINI_EVENTS } from './gemini-events.js';
import { toGeminiAnswer } from './to-gemini-answer.js';

/** Gemini CLI's project settings file, relative to the project. */
export const GEMINI_PROJECT_SETTINGS = join('.gemini', 'settings.json');

/**
 * Gemini CLI (docs/hosts/gemini.md, observed with 0.61): its own event names (`BeforeTool` is PreToolUse),
 * tool names (`run_shell_command` is Bash) and argument keys, mapped onto the catalogue's so that hooks
 * written for Claude Code match and read the same fields; its answer is `toGeminiAnswer`, since Gemini reads
 * neither Claude Code's permission decision nor its plain-stdout context. Its own settings count `timeout` in
 * milliseconds (`hookwire init gemini` writes them so); the hooks file hookwire runs counts seconds.
 */
export const geminiHost: Host = {
  specificationVersion: 'v1',
  name: 'gemini',
  aliases: ['gemini-cli'],
  displayName: 'Gemini CLI',
  events: GEMINI_EVENTS,
  answer: { command: toGeminiAnswer, http: commandAnswerAsHttp(toGeminiAnswer) },
  environment: {
    // Gemini gives its hooks these two for the session's directory; under hookwire, the project's.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir, GEMINI_PROJECT_DIR: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Gemini always names its transcript (JSONL of its own shape); this is only where it would be.
    transcriptPath: (homeDir, projectDir, sessionId) =>
      join(homeDir, '.gemini', 'tmp', basename(projectDir), 'chats', `session-${sessionId}.jsonl`),
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: [
      'gemini [--project DIR] [--hooks FILE] [--hookwire CMD] [--user] [--trust-folder] [--print] [--undo]',
    ],
    help: `\`init gemini\` adds one group per Gemini CLI event the hooks file uses to the project's .gemini/settings.json
(\`--user\`: ~/.gemini/settings.json, for every project), calling \`hookwire run --host gemini <GeminiEvent>\`
with a timeout in milliseconds that covers the event's hooks (docs/hosts/gemini.md); \`--trust-folder\` also
records the project in Gemini's trustedFolders.json, without which Gemini runs no hooks there.
\`init gemini --undo\` removes the groups. Everything else in the file is kept.`,
    options: { user: { type: 'boolean' }, 'trust-folder': { type: 'boolean' } },
    load: () => import('./install/init-gemini.js').then((module) => module.installGemini),
  },
};
