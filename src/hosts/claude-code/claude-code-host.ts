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
  install: { supported: true },
};
