import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host, SupportedHostInstall } from '../host.js';
import { OPENCODE_HOST_EVENTS } from './opencode-events.js';
import type { PluginHost } from './plugin-host.js';
import { toOpenCodeAnswer } from './to-opencode-answer.js';

/**
 * The host row of an agent with OpenCode's plugin surface (OpenCode, and its fork Kilo): OpenCode's events
 * (`tool.execute.before` → PreToolUse, `bash` → Bash), the JSON answer hookwire's plugin applies (throw,
 * rewrite `output.args`, add context); all that differs is the name, the aliases and `init`'s text.
 */
export function pluginSurfaceHost(
  plugin: PluginHost,
  own: { readonly aliases: readonly string[]; readonly install: SupportedHostInstall },
): Host {
  return {
    specificationVersion: 'v1',
    name: plugin.name,
    aliases: own.aliases,
    displayName: plugin.displayName,
    events: OPENCODE_HOST_EVENTS,
    answer: { command: toOpenCodeAnswer, http: toHttpAnswer },
    environment: {
      variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
    },
    locations: {
      settings: (cwd, env) => settingsLocations(cwd, env),
      // The agent keeps its sessions in its own database (`~/.local/share/<name>/`), in no transcript file;
      // this is where hookwire writes one of Claude Code's shape when asked to.
      transcriptPath: (homeDir, _projectDir, sessionId) =>
        join(homeDir, '.local', 'share', plugin.name, 'hookwire-transcripts', `${sessionId}.jsonl`),
      // It runs a project's plugins without asking; hookwire run requires its trust store (docs/trust.md).
      // Without --settings, the project's own hooks file (init always names it).
      hooks: 'project-hooks-file',
    },
    install: own.install,
  };
}
