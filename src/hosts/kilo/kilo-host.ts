import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host } from '../host.js';
import { OPENCODE_HOST_EVENTS } from '../opencode/opencode-events.js';
import type { PluginHost } from '../opencode/plugin-host.js';
import { toOpenCodeAnswer } from '../opencode/to-opencode-answer.js';

/**
 * Kilo 7.7.9 (`@kilocode/cli`) loads `{plugin,plugins}/*.{ts,js}` of the project's `.kilo/` (and of the
 * legacy `.kilocode/`), never of `.opencode/` (docs/hosts/kilo.md).
 */
export const KILO_PLUGIN_HOST: PluginHost = {
  name: 'kilo',
  displayName: 'Kilo',
  pluginFile: '.kilo/plugins/hookwire.js',
};

/**
 * Kilo (docs/hosts/kilo.md, observed with 7.7.9), a fork of OpenCode with its plugin surface unchanged: the
 * same plugin hooks and bus events under the same names, the same tool names and arguments, the same way a
 * plugin blocks (a throw), rewrites (`output.args`) and adds context. So everything but its name, its
 * plugin directory and where its data lives is OpenCode's: the events (`tool.execute.before` →
 * PreToolUse, `bash` → Bash), the answer the plugin applies, and the plugin itself, which
 * `hookwire init kilo` writes to `.kilo/plugins/hookwire.js`.
 */
export const kiloHost: Host = {
  specificationVersion: 'v1',
  name: KILO_PLUGIN_HOST.name,
  aliases: ['kilocode', 'kilo-code'],
  displayName: KILO_PLUGIN_HOST.displayName,
  events: OPENCODE_HOST_EVENTS,
  answer: { command: toOpenCodeAnswer, http: toHttpAnswer },
  environment: {
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // Kilo keeps its sessions in its own database (`~/.local/share/kilo/`), in no transcript file; this is
    // where hookwire writes one of Claude Code's shape when asked to.
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.local', 'share', 'kilo', 'hookwire-transcripts', `${sessionId}.jsonl`),
    // Kilo runs a project's plugins without asking; hookwire run requires its trust store (docs/trust.md).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['kilo [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init kilo\` writes OpenCode's plugin, for Kilo (an OpenCode fork, which loads no .opencode/), to the
project's .kilo/plugins/hookwire.js, handing the events to the warm daemon or \`hookwire run --host kilo\`
(docs/hosts/kilo.md); \`init kilo --undo\` removes it. A plugin of that name not written by hookwire is left alone.`,
    // OpenCode's installer, for Kilo's plugin file.
    load: () =>
      import('../opencode/install/init-opencode.js').then(
        (module) => (options) => module.initPluginHost(KILO_PLUGIN_HOST, options),
      ),
  },
};
