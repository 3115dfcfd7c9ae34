import type { Host } from '../host.js';
import type { PluginHost } from '../opencode/plugin-host.js';
import { pluginSurfaceHost } from '../opencode/plugin-surface-host.js';

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
export const kiloHost: Host = pluginSurfaceHost(KILO_PLUGIN_HOST, {
  aliases: ['kilocode', 'kilo-code'],
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
});
