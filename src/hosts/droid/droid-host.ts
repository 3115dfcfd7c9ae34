import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host } from '../host.js';
import { DROID_HOST_EVENTS } from './droid-events.js';
import { toDroidAnswer } from './to-droid-answer.js';

/**
 * Factory Droid (docs/hosts/droid.md, observed with 0.225.2): Claude Code's events, payload, timeouts in
 * seconds and output reading, its tools under Droid's names (`Execute`, mapped to `Bash`). `hookwire init
 * droid` installs it in the project's `.factory/settings.json` (the `hooks` key, which Droid reads), each
 * entry naming the project's hooks file with `--settings`, as `init claude` does.
 */
export const droidHost: Host = {
  specificationVersion: 'v1',
  name: 'droid',
  aliases: ['factory', 'factory-droid'],
  displayName: 'Factory Droid',
  events: DROID_HOST_EVENTS,
  answer: { command: toDroidAnswer, http: toHttpAnswer },
  environment: {
    // Droid sets FACTORY_PROJECT_DIR, DROID_PROJECT_DIR and CLAUDE_PROJECT_DIR itself.
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Droid's own layout: one folder per project, its path with every `/` a dash.
    transcriptPath: (homeDir, projectDir, sessionId) =>
      join(homeDir, '.factory', 'sessions', projectDir.replace(/\//g, '-'), `${sessionId}.jsonl`),
    // Factory Droid runs a project's .factory/settings.json hooks without asking; hookwire run requires its
    // trust store (docs/trust.md). Without --settings, the project's own hooks file (init always names it).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['droid [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init droid\` adds one group per event the hooks file uses to the "hooks" of the project's
.factory/settings.json (Factory Droid's project settings), calling \`hookwire run --host droid <Event>\`
(docs/hosts/droid.md); \`init droid --undo\` puts the file back as it was when only hookwire changed it,
else removes hookwire's groups. Everything else in the file is kept.`,
    load: () => import('./install/init-droid.js').then((module) => module.initDroid),
  },
};
