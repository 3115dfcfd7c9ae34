import { join } from 'node:path';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { commandAnswerAsHttp } from '../command-answer-as-http.js';
import type { Host } from '../host.js';
import { COPILOT_HOST_EVENTS } from './copilot-events.js';
import { toCopilotAnswer } from './to-copilot-answer.js';

/**
 * GitHub Copilot CLI (docs/hosts/copilot.md, observed with 1.0.102): its camelCase events and payload
 * (`preToolUse` with `toolName: "bash"` and `toolArgs`) mapped onto the catalogue's, read as Claude Code
 * reads a hook's output, and answered in Copilot's own shapes (`toCopilotAnswer`). `hookwire init copilot`
 * installs it in Copilot's user hooks directory, which serves every project, so `hookwire run --host
 * copilot` finds the project's own hooks file from the session's directory, as for Codex.
 */
export const copilotHost: Host = {
  specificationVersion: 'v1',
  name: 'copilot',
  aliases: ['copilot-cli', 'github-copilot'],
  displayName: 'GitHub Copilot CLI',
  events: COPILOT_HOST_EVENTS,
  // hookwire's own failure is answered as the hooks' block would be: exit 2 alone only warns on some events.
  answer: { command: toCopilotAnswer, http: commandAnswerAsHttp(toCopilotAnswer), failure: toCopilotAnswer },
  environment: {
    // Copilot sets CLAUDE_PROJECT_DIR and COPILOT_PROJECT_DIR itself; hookwire's project is the hooks file's.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.copilot', 'session-state', sessionId, 'events.jsonl'),
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['copilot [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init copilot\` writes $COPILOT_HOME/hooks/hookwire.json (GitHub Copilot CLI's user hooks, which run in every
folder), one entry per event the hooks file uses, calling \`hookwire run --host copilot <event>\`
(docs/hosts/copilot.md); \`init copilot --undo\` removes it. Copilot's other hooks files are not touched.`,
    load: () => import('./install/init-copilot.js').then((module) => module.initCopilot),
  },
};
