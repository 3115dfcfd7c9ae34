import { ownValue } from '../../common/own-value.js';
import { isDeepAgentsEvent } from '../../events/is-deepagents-event.js';
import type { Outcome } from '../../outcome/outcome.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import { claudeCodeHost } from '../claude-code/claude-code-host.js';
import type { CommandAnswer, Host } from '../host.js';
import { DEEPAGENTS_TOOL_NAMES } from './deepagents-tool-names.js';

/**
 * Deep Agents' legacy `~/.deepagents/hooks.json`: its dotted events (`session.start`, `tool.use`, ...) are
 * catalogue rows of their own, whose hooks get exactly `{event, ...fields}`, run fire-and-forget with a 5 s
 * timeout, and are never read: the agent ignores what they print and how they exit. So nothing a hook says
 * can be answered; a block or a context the merge produced is told on stderr instead of dropped in silence.
 */
export const deepAgentsLegacyHost: Host = {
  specificationVersion: 'v1',
  name: 'deepagents-legacy',
  aliases: [],
  displayName: 'Deep Agents (legacy hooks.json)',
  events: {
    toCatalogue: (hostEvent) => hostEvent,
    fromCatalogue: (event) => (isDeepAgentsEvent(event) ? event : undefined),
    toolName: (hostTool) => ownValue(DEEPAGENTS_TOOL_NAMES, hostTool) ?? hostTool,
    incoming: (hostEvent, payload) => ({
      event: hostEvent,
      payload,
      original: { event: hostEvent, payload },
    }),
  },
  answer: { command: legacyAnswer, http: () => ({}) },
  environment: {
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // The legacy payload names no transcript: hookwire's own, in Claude Code's shape, goes where Claude's do.
    transcriptPath: claudeCodeHost.locations.transcriptPath,
    hooks: 'settings',
  },
  install: {
    supported: {
      reason:
        'Deep Agents reads only ~/.deepagents/hooks.json: `hookwire convert` writes its entries from Claude Code settings',
    },
  },
};

/** Exit 0 and no stdout, always: the failures and anything the host cannot hear go to stderr. */
function legacyAnswer(outcome: Outcome): CommandAnswer {
  const claude = toHostAnswer(outcome);
  const unheard =
    claude.exitCode === 2 || claude.stdout !== ''
      ? `hookwire: Deep Agents' legacy hooks cannot answer ${outcome.event}; what the hooks decided is not applied\n`
      : '';
  return { stdout: '', stderr: `${claude.stderr}${unheard}`, exitCode: 0 };
}
