import { join } from 'node:path';
import { toHttpAnswer } from '../../protocol/to-http-answer.js';
import { PROJECT_DIR_VARIABLE, settingsLocations } from '../../settings/settings-locations.js';
import type { Host } from '../host.js';
import { OPENCODE_HOST_EVENTS } from './opencode-events.js';
import { toOpenCodeAnswer } from './to-opencode-answer.js';

/**
 * OpenCode (docs/hosts/opencode.md, observed with 1.18.33): no hooks of its own, but JS plugins whose hooks
 * (`tool.execute.before`, `chat.message`, ...) and bus events (`session.created`, `session.idle`) hookwire's
 * plugin hands over under OpenCode's names, mapped here onto the catalogue (`tool.execute.before` →
 * PreToolUse, `bash` → Bash, `args` → `tool_input`). Its answer is `toOpenCodeAnswer`, a JSON object the
 * plugin applies (throw, rewrite `output.args`, add context). `hookwire init opencode` writes the plugin,
 * `.opencode/plugins/hookwire.js`.
 */
export const openCodeHost: Host = {
  specificationVersion: 'v1',
  name: 'opencode',
  aliases: ['opencode-ai', 'sst-opencode'],
  displayName: 'OpenCode',
  events: OPENCODE_HOST_EVENTS,
  answer: { command: toOpenCodeAnswer, http: toHttpAnswer },
  environment: {
    variables: ({ projectDir }) => ({ [PROJECT_DIR_VARIABLE]: projectDir }),
  },
  locations: {
    settings: (cwd, env) => settingsLocations(cwd, env),
    // OpenCode keeps its sessions in its own database, in no transcript file; this is where hookwire writes
    // one of Claude Code's shape when asked to (docs/hosts/opencode.md).
    transcriptPath: (homeDir, _projectDir, sessionId) =>
      join(homeDir, '.local', 'share', 'opencode', 'hookwire-transcripts', `${sessionId}.jsonl`),
    // OpenCode runs a project's plugins without asking; hookwire run requires its trust store
    // (docs/trust.md). Without --settings, the project's own hooks file (init always names it).
    hooks: 'project-hooks-file',
  },
  install: {
    supported: true,
    usage: ['opencode [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]'],
    help: `\`init opencode\` writes the project's .opencode/plugins/hookwire.js, an OpenCode plugin that hands the events
the hooks file uses to \`hookwire run --host opencode\` and applies the answers: a deny throws, a rewrite
replaces the tool's arguments, context joins the prompt or the tool's output (docs/hosts/opencode.md);
\`init opencode --undo\` removes it. A plugin of that name not written by hookwire is left alone.`,
    load: () => import('./install/init-opencode.js').then((module) => module.initOpenCode),
  },
};
