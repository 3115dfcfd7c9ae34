import { join } from 'node:path';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { commandAnswerAsHttp } from '../command-answer-as-http.js';
import type { Host } from '../host.js';
import { AUGMENT_HOST_EVENTS } from './augment-events.js';
import { toAugmentAnswer } from './to-augment-answer.js';

/**
 * Augment's CLI, Auggie (docs/hosts/augment.md, observed with 0.36.0): Claude Code's hooks format with its
 * own event for prompts (`PromptSubmit`), its own payload (`conversation_id`, `workspace_roots`), its own
 * tools (`launch-process`, mapped to `Bash`), timeouts in milliseconds, and its own reading of a hook's
 * answer (`toAugmentAnswer`). `hookwire init augment` installs it in the project's `.augment/settings.json`,
 * each entry naming the project's hooks file with `--settings`, as `init claude` does.
 */
export const augmentHost: Host = {
  specificationVersion: 'v1',
  name: 'augment',
  aliases: ['auggie'],
  displayName: 'Auggie',
  events: AUGMENT_HOST_EVENTS,
  answer: { command: toAugmentAnswer, http: commandAnswerAsHttp(toAugmentAnswer) },
  environment: {
    // Auggie sets AUGMENT_PROJECT_DIR, AUGMENT_CONVERSATION_ID, AUGMENT_HOOK_EVENT and AUGMENT_TOOL_NAME.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Auggie keeps a session as one JSON document (not a JSONL transcript) under ~/.augment/sessions.
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.augment', 'sessions', `${sessionId}.json`),
    // Auggie runs a project's .augment/settings.json hooks without asking; hookwire run requires its trust
    // store (docs/trust.md). Without --settings, the project's own hooks file (init always names it).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['augment [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init augment\` adds one group per event the hooks file uses to the "hooks" of the project's
.augment/settings.json (Auggie's project settings), under Auggie's event names (UserPromptSubmit is
PromptSubmit), calling \`hookwire run --host augment <Event>\` with a timeout in milliseconds
(docs/hosts/augment.md); \`init augment --undo\` puts the file back as it was when only hookwire changed
it, else removes hookwire's groups. Everything else in the file is kept.`,
    load: () => import('./install/init-augment.js').then((module) => module.initAugment),
  },
};
