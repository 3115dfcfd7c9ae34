import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { CATALOGUE_NAMED_EVENTS } from '../claude-code/claude-code-host.js';
import type { Host } from '../host.js';
import { toDeepAgentsAnswer } from './to-deepagents-answer.js';
import { safeComponent } from './transcript-store.js';

/**
 * Deep Agents Code's Hooks v2 (docs/deepagents.md): Claude Code's event names, payload fields and wire tool
 * names (its agent maps `execute` to `Bash` before a hook sees it), so hookwire reads them as they come; the
 * answer is cut to what Hooks v2 reads (`toDeepAgentsAnswer`). `hookwire init deepagents` installs hookwire in
 * the user's `~/.deepagents/hooks.json`, which serves every project: `hookwire run --host deepagents` finds
 * the project's own hooks file from the session's directory, as for Codex.
 */
export const deepAgentsHost: Host = {
  specificationVersion: 'v1',
  name: 'deepagents',
  aliases: ['deepagents-code', 'deep-agents'],
  displayName: 'Deep Agents Code',
  events: CATALOGUE_NAMED_EVENTS,
  answer: { command: toDeepAgentsAnswer, http: toHttpAnswer },
  environment: {
    // Deep Agents Code sets CLAUDE_PROJECT_DIR only for plugin hooks; Claude-shaped hooks expect it always.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.deepagents', 'transcripts', `${safeComponent(sessionId)}.jsonl`),
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: [
      'deepagents [--scope user|project] [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]',
    ],
    help: `\`init deepagents\` adds one group per event the hooks file uses to Deep Agents Code's Hooks v2 file, the
user's ~/.deepagents/hooks.json (every project) or with --scope project the project's .deepagents/hooks.json
(loaded in a workspace Deep Agents Code trusts: hookwire trust --host deepagents), calling
\`hookwire run --host deepagents <Event>\` (docs/deepagents.md); the file as it was is kept beside it
(.before-hookwire); \`init deepagents --undo\` removes hookwire's groups. The user's own groups are kept.`,
    options: { scope: { type: 'string' } },
    load: () => import('./install/init-deepagents.js').then((module) => module.installDeepAgents),
  },
  trust: {
    usage: '--host deepagents [--project DIR] [--once] [--yes] | --list | --revoke',
    help: `--host deepagents  Deep Agents Code's workspace trust instead, in its own store
                   (~/.deepagents/.state/hooks_trust.json, as Deep Agents Code writes it): the project's
                   .deepagents/hooks.json shown, then its root trusted "always" (later edits included), or
                   with --once its exact bytes, in hookwire's store (docs/deepagents.md).`,
    options: { once: { type: 'boolean' } },
    load: () => import('./trust/trust-workspace.js').then((module) => module.trustWorkspace),
  },
  commands: {
    convert: {
      summary: 'Convert Deep Agents hooks.json to Claude-style settings and back',
      load: () => import('./list-hooks/convert-command.js').then((module) => module.runConvertCommand),
    },
    'deepagents-adapter': {
      summary: 'Run a converted Deep Agents hook with its exact payload (used by convert)',
      load: () => import('./list-hooks/adapter-command.js').then((module) => module.runAdapterCommand),
    },
    'deepagents-legacy': {
      summary: 'Run a legacy Deep Agents hook migrated to Hooks v2 (used by the deepagents host)',
      load: () => import('./legacy-adapter.js').then((module) => module.runLegacyAdapterCommand),
    },
  },
};
