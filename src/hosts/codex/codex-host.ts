import { join } from 'node:path';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { CATALOGUE_NAMED_EVENTS } from '../claude-code/claude-code-host.js';
import { commandAnswerAsHttp } from '../command-answer-as-http.js';
import type { Host } from '../host.js';
import { toCodexAnswer } from './to-codex-answer.js';

/**
 * The Codex CLI (docs/hosts/codex.md, observed with 0.171): Claude Code's event names, payload (plus
 * `turn_id` and `model`) and output reading, its shell tool already reported as `Bash`; what differs is the
 * answer, since Codex lets through what its strict validation refuses (`toCodexAnswer`), and where hooks
 * live: Codex's user hooks.json serves every project, so `hookwire run --host codex` finds the project's own
 * hooks file from the session's directory.
 */
export const codexHost: Host = {
  specificationVersion: 'v1',
  name: 'codex',
  aliases: ['codex-cli'],
  displayName: 'Codex CLI',
  events: CATALOGUE_NAMED_EVENTS,
  answer: { command: toCodexAnswer, http: commandAnswerAsHttp(toCodexAnswer) },
  environment: {
    // Codex gives hooks only CODEX_HOME; Claude-shaped hooks also expect the project directory.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.codex', 'sessions', `${sessionId}.jsonl`),
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['codex [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init codex\` adds one group per event the hooks file uses to Codex's $CODEX_HOME/hooks.json, calling
\`hookwire run --host codex <Event>\`, and the trusted_hash Codex needs for each in $CODEX_HOME/config.toml
(docs/hosts/codex.md); \`init codex --undo\` removes them. Everything else in both files is kept.`,
    load: () => import('./install/init-codex.js').then((module) => module.initCodex),
  },
};
