import { join } from 'node:path';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import {
  CLAUDE_DIRECTORY,
  PROJECT_DIR_VARIABLE,
  settingsLocations,
} from '../../settings/settings-locations.js';
import type { Host, HostEvents } from '../host.js';

/**
 * Claude Code, the host hookwire's catalogue is written in: its event names, payload fields and tool names
 * are the catalogue's, its output rules are the reader's (src/read/), and its answer is `toHostAnswer`'s.
 */
/** Events, payloads and tool names under the catalogue's own names: Claude Code's, and every host that copies them. */
export const CATALOGUE_NAMED_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => hostEvent,
  fromCatalogue: (event) => event,
  toolName: (hostTool) => hostTool,
  incoming: (hostEvent, payload) => ({
    event: hostEvent,
    payload,
    original: { event: hostEvent, payload },
  }),
};

export const claudeCodeHost: Host = {
  specificationVersion: 'v1',
  name: 'claude-code',
  aliases: ['claude'],
  displayName: 'Claude Code',
  events: CATALOGUE_NAMED_EVENTS,
  answer: { command: toHostAnswer, http: toHttpAnswer },
  environment: {
    variables: ({ sessionId, projectDir }) => ({
      [PROJECT_DIR_VARIABLE]: projectDir,
      CLAUDECODE: '1',
      CLAUDE_CODE_SESSION_ID: sessionId,
    }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Claude Code's own layout: one folder per project, its path with every other character a dash.
    transcriptPath: (homeDir, projectDir, sessionId) =>
      join(
        homeDir,
        CLAUDE_DIRECTORY,
        'projects',
        projectDir.replace(/[^A-Za-z0-9]/g, '-'),
        `${sessionId}.jsonl`,
      ),
    hooks: 'settings',
  },
  install: {
    supported: true,
    usage: [
      'claude|--host claude-code [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--force]',
      '--undo [--project DIR]',
    ],
    help: `Moves the hooks of the project's .claude/settings.json and .claude/settings.local.json into one hooks file
(Claude settings format) and puts, in their place, one catch-all entry per event that calls
\`hookwire run --settings <hooks file> <Event>\` (detached from Claude Code for StopFailure and
InstructionsLoaded, which it does not wait for; out of reach of the session end's signals, but still
answering, for CwdChanged, FileChanged and SubagentStop, whose late answer it applies). Other keys of the
settings files are kept. Hooks hookwire cannot run for Claude Code (other handler types, plugins, background
hooks, unknown events) stay, listed.

--force         Overwrite a hooks file that exists and differs.
--undo          Put the hooks back: each settings file from its backup (.hookwire/backup/), byte for byte
                when it is as init left it; only its "hooks" otherwise. Removes the hooks file unless
                it was changed since.

Running it again changes nothing, unless hooks were added to the settings since: they are moved too.`,
    options: { force: { type: 'boolean' } },
    load: () => import('./install/init-claude.js').then((module) => module.initClaude),
  },
};
