import { join } from 'node:path';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { commandAnswerAsHttp } from '../command-answer-as-http.js';
import type { Host } from '../host.js';
import { CLINE_HOST_EVENTS } from './cline-events.js';
import { clineFailure, toClineAnswer } from './to-cline-answer.js';

/**
 * Cline's CLI (docs/hosts/cline.md, observed with `cline` 3.0.65): an executable file per event, named after
 * it, in `.cline/hooks/`, `.clinerules/hooks/`, `~/.cline/hooks/` or `~/Documents/Cline/Hooks/`; its own
 * payload (`tool_call`, `preToolUse.toolName`, `run_commands {commands}`), mapped here onto the catalogue
 * (`TaskStart` → SessionStart, `run_commands` → Bash), and its own answer (`toClineAnswer`: `cancel`,
 * `contextModification`, `overrideInput`). Cline reads no exit code, so hookwire's own failure is that JSON
 * too (`clineFailure`). `hookwire init cline` writes the project's `.cline/hooks/<Event>` files.
 */
export const clineHost: Host = {
  specificationVersion: 'v1',
  name: 'cline',
  aliases: ['cline-cli'],
  displayName: 'Cline',
  events: CLINE_HOST_EVENTS,
  // Cline has no http hooks: a client asking `serve` for Cline gets the hook file's JSON.
  answer: { command: toClineAnswer, http: commandAnswerAsHttp(toClineAnswer), failure: clineFailure },
  environment: {
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Cline keeps a session as JSON in its data directory, in no transcript file; this is where hookwire
    // writes one of Claude Code's shape when asked to, beside Cline's own.
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.cline', 'data', 'sessions', sessionId, `${sessionId}.hookwire-transcript.jsonl`),
    // Cline runs a project's hook files without asking; hookwire run requires its trust store (docs/trust.md).
    // Without --settings, the project's own hooks file (init always names it).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['cline [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init cline\` writes one executable file per Cline event the hooks file uses into the project's
.cline/hooks/ (PreToolUse, TaskStart, ...), each calling \`hookwire run --host cline <Event>\` and printing
Cline's cancel when hookwire cannot answer (docs/hosts/cline.md); \`init cline --undo\` removes them. A file
of that name that is not hookwire's is left alone, and init stops, naming it.`,
    load: () => import('./install/init-cline.js').then((module) => module.initCline),
  },
};
