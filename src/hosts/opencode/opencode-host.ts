import type { Host } from '../host.js';
import { OPENCODE_PLUGIN_HOST } from './plugin-host.js';
import { pluginSurfaceHost } from './plugin-surface-host.js';

/**
 * OpenCode (docs/hosts/opencode.md, observed with 1.18.33): no hooks of its own, but JS plugins whose hooks
 * (`tool.execute.before`, `chat.message`, ...) and bus events (`session.created`, `session.idle`) hookwire's
 * plugin hands over under OpenCode's names, mapped here onto the catalogue (`tool.execute.before` →
 * PreToolUse, `bash` → Bash, `args` → `tool_input`). Its answer is `toOpenCodeAnswer`, a JSON object the
 * plugin applies (throw, rewrite `output.args`, add context). `hookwire init opencode` writes the plugin,
 * `.opencode/plugins/hookwire.js`.
 */
export const openCodeHost: Host = pluginSurfaceHost(OPENCODE_PLUGIN_HOST, {
  aliases: ['opencode-ai', 'sst-opencode'],
  install: {
    supported: true,
    usage: ['opencode [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init opencode\` writes the project's .opencode/plugins/hookwire.js, an OpenCode plugin that hands the events
the hooks file uses to the warm daemon (from the plugin's own process; \`hookwire run --host opencode\` where
no daemon can be used) and applies the answers: a deny throws, a rewrite replaces the tool's arguments,
context joins the prompt or the tool's output (docs/hosts/opencode.md); \`init opencode --undo\` removes it. A
plugin of that name not written by hookwire is left alone.`,
    load: () => import('./install/init-opencode.js').then((module) => module.initOpenCode),
  },
});
