import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../common/version.js';
import { claudeCodeHost } from '../../hosts/claude-code/claude-code-host.js';
import { CommandInputError, exitForUsageError, workingDirectory } from '../command-input.js';
import { hostOption } from '../host-option.js';
import { applyClaudeInit, DEFAULT_HOOKS_FILE } from '../init/apply-claude-init.js';
import type { HostInitOptions } from '../init/host-init-options.js';
import { undoClaudeInit } from '../init/undo-claude-init.js';

const HELP = `Usage: hookwire init claude|--host claude-code [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--force]
       hookwire init --undo [--project DIR]
       hookwire init codex [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init copilot [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init deepagents [--scope user|project] [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init gemini [--project DIR] [--hooks FILE] [--hookwire CMD] [--user] [--trust-folder] [--print] [--undo]
       hookwire init qwen [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init droid [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init opencode [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init kilo [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init cursor [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]

Moves the hooks of the project's .claude/settings.json and .claude/settings.local.json into one hooks file
(Claude settings format) and puts, in their place, one catch-all entry per event that calls
\`hookwire run --settings <hooks file> <Event>\` (detached from Claude Code for StopFailure and
InstructionsLoaded, which it does not wait for; out of reach of the session end's signals, but still
answering, for CwdChanged, FileChanged and SubagentStop, whose late answer it applies). Other keys of the
settings files are kept. Hooks hookwire cannot run for Claude Code (other handler types, plugins, background
hooks, unknown events) stay, listed.

--project DIR   The project (default: the current directory).
--hooks FILE    The hooks file (default: .hookwire/hooks.json in the project).
--hookwire CMD  How the entries call hookwire (default: from where this hookwire is installed: the
                project's node_modules/.bin, npx, or \`hookwire\` on PATH).
--print         Write nothing; print the hooks the settings would get, one command per event.
--force         Overwrite a hooks file that exists and differs.
--undo          Put the hooks back: each settings file from its backup (.hookwire/backup/), byte for byte
                when it is as init left it; only its "hooks" otherwise. Removes the hooks file unless
                it was changed since.

Running it again changes nothing, unless hooks were added to the settings since: they are moved too.

\`init codex\` adds one group per event the hooks file uses to Codex's $CODEX_HOME/hooks.json, calling
\`hookwire run --host codex <Event>\`, and the trusted_hash Codex needs for each in $CODEX_HOME/config.toml
(docs/hosts/codex.md); \`init codex --undo\` removes them. Everything else in both files is kept.

\`init copilot\` writes $COPILOT_HOME/hooks/hookwire.json (GitHub Copilot CLI's user hooks, which run in every
folder), one entry per event the hooks file uses, calling \`hookwire run --host copilot <event>\`
(docs/hosts/copilot.md); \`init copilot --undo\` removes it. Copilot's other hooks files are not touched.

\`init qwen\` adds one group per event the hooks file uses to the "hooks" of $QWEN_HOME/settings.json (Qwen
Code's user settings), calling \`hookwire run --host qwen <Event>\` (timeout in ms, as Qwen counts it;
docs/hosts/qwen.md); \`init qwen --undo\` removes them. Everything else in the file is kept.

\`init droid\` adds one group per event the hooks file uses to the "hooks" of the project's
.factory/settings.json (Factory Droid's project settings), calling \`hookwire run --host droid <Event>\`
(docs/hosts/droid.md); \`init droid --undo\` puts the file back as it was when only hookwire changed it,
else removes hookwire's groups. Everything else in the file is kept.

\`init opencode\` writes the project's .opencode/plugins/hookwire.js, an OpenCode plugin that hands the events
the hooks file uses to the warm daemon (from the plugin's own process; \`hookwire run --host opencode\` where
no daemon can be used) and applies the answers: a deny throws, a rewrite replaces the tool's arguments,
context joins the prompt or the tool's output (docs/hosts/opencode.md); \`init opencode --undo\` removes it. A
plugin of that name not written by hookwire is left alone.

\`init kilo\` writes the same plugin, for Kilo (an OpenCode fork), to the project's .kilo/plugins/hookwire.js,
calling \`hookwire run --host kilo\` (docs/hosts/kilo.md); \`init kilo --undo\` removes it.

\`init cursor\` adds one entry per Cursor event the hooks file uses to the project's .cursor/hooks.json
(Cursor's project hooks), calling \`hookwire run --host cursor <event>\` (timeout in seconds; failClosed on
the events that can deny; docs/hosts/cursor.md); \`init cursor --undo\` puts the file back as it was when
only hookwire changed it, else removes hookwire's entries. Everything else in the file is kept.

\`init deepagents\` adds one group per event the hooks file uses to Deep Agents Code's Hooks v2 file, the
user's ~/.deepagents/hooks.json (every project) or with --scope project the project's .deepagents/hooks.json
(loaded in a workspace Deep Agents Code trusts: hookwire trust --host deepagents), calling
\`hookwire run --host deepagents <Event>\` (docs/deepagents.md); the file as it was is kept beside it
(.before-hookwire); \`init deepagents --undo\` removes hookwire's groups. The user's own groups are kept.

\`init gemini\` adds one group per Gemini CLI event the hooks file uses to the project's .gemini/settings.json
(\`--user\`: ~/.gemini/settings.json, for every project), calling \`hookwire run --host gemini <GeminiEvent>\`
with a timeout in milliseconds that covers the event's hooks (docs/hosts/gemini.md); \`--trust-folder\` also
records the project in Gemini's trustedFolders.json, without which Gemini runs no hooks there.
\`init gemini --undo\` removes the groups. Everything else in the file is kept.
`;

/** The hosts `init` installs into at the user level, whose hooks find the project's hooks file. */
const USER_LEVEL_HOSTS: readonly string[] = ['codex', 'copilot', 'qwen'];

/** `hookwire init claude` and `hookwire init --undo`. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        hooks: { type: 'string' },
        hookwire: { type: 'string' },
        print: { type: 'boolean' },
        force: { type: 'boolean' },
        undo: { type: 'boolean' },
        user: { type: 'boolean' },
        'trust-folder': { type: 'boolean' },
        host: { type: 'string' },
        scope: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const chosen = hostOption(values.host, 'init');
    if (typeof chosen === 'number') return chosen;
    const projectDir = workingDirectory(values.project);
    const [host, ...extra] = positionals;
    if (
      extra.length > 0 ||
      (host !== undefined &&
        !USER_LEVEL_HOSTS.includes(host) &&
        host !== 'claude' &&
        host !== 'gemini' &&
        host !== 'droid' &&
        host !== 'opencode' &&
        host !== 'kilo' &&
        host !== 'cursor' &&
        host !== 'deepagents')
    ) {
      throw new CommandInputError(
        `expected \`claude\`, \`codex\`, \`copilot\`, \`gemini\`, \`qwen\`, \`droid\`, \`opencode\`, \`kilo\`, \`cursor\` or \`deepagents\`, got ${positionals.join(' ')}`,
      );
    }
    const hostInit = (): HostInitOptions => ({
      projectDir,
      hooksPath: resolve(projectDir, values.hooks ?? DEFAULT_HOOKS_FILE),
      hookwire: values.hookwire,
      print: values.print === true,
      undo: values.undo === true,
      env: process.env,
      cliPath: runningCli(),
      version,
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
    if (host === 'deepagents' || (host === undefined && chosen.name === 'deepagents')) {
      const scope = values.scope ?? 'user';
      if (scope !== 'user' && scope !== 'project')
        throw new CommandInputError(`--scope must be user or project, not ${JSON.stringify(scope)}`);
      const { initDeepAgents } = await import('../init/deepagents/init-deepagents.js');
      return initDeepAgents({ ...hostInit(), scope });
    }
    if (host === 'gemini' || (host === undefined && chosen.name === 'gemini')) {
      const { initGemini } = await import('../init/gemini/init-gemini.js');
      return initGemini({
        ...hostInit(),
        user: values.user === true,
        trustFolder: values['trust-folder'] === true,
      });
    }
    if (host === 'droid' || (host === undefined && chosen.name === 'droid')) {
      const { initDroid } = await import('../init/droid/init-droid.js');
      return initDroid(hostInit());
    }
    if (host === 'opencode' || (host === undefined && chosen.name === 'opencode')) {
      const { initOpenCode } = await import('../init/opencode/init-opencode.js');
      return initOpenCode(hostInit());
    }
    if (host === 'kilo' || (host === undefined && chosen.name === 'kilo')) {
      const { initPluginHost } = await import('../init/opencode/init-opencode.js');
      const { KILO_PLUGIN_HOST } = await import('../../hosts/kilo/kilo-host.js');
      return initPluginHost(KILO_PLUGIN_HOST, hostInit());
    }
    if (host === 'cursor' || (host === undefined && chosen.name === 'cursor')) {
      const { initCursor } = await import('../init/cursor/init-cursor.js');
      return initCursor(hostInit());
    }
    if (values.scope !== undefined) throw new CommandInputError('--scope is an option of `init deepagents`');
    const userLevel = host ?? (USER_LEVEL_HOSTS.includes(chosen.name) ? chosen.name : undefined);
    if (userLevel === 'codex' || userLevel === 'copilot' || userLevel === 'qwen') {
      const install =
        userLevel === 'codex'
          ? (await import('../init/codex/init-codex.js')).initCodex
          : userLevel === 'copilot'
            ? (await import('../init/copilot/init-copilot.js')).initCopilot
            : (await import('../init/qwen/init-qwen.js')).initQwen;
      return install(hostInit());
    }
    if (host !== undefined && chosen !== claudeCodeHost) {
      throw new CommandInputError(`\`claude\` and --host ${chosen.name} name two hosts; give one`);
    }
    if (chosen.install.supported !== true) {
      process.stderr.write(`hookwire init: ${chosen.displayName}: ${chosen.install.supported.reason}\n`);
      return 1;
    }
    if (values.undo) return await undoClaudeInit(projectDir);
    if (host === undefined && values.host === undefined)
      throw new CommandInputError('expected `claude` or --undo');
    return await applyClaudeInit(projectDir, { ...values, cliPath: runningCli() });
  } catch (error) {
    return exitForUsageError('init', HELP, error);
  }
}

/** The real path of the running CLI script, to tell a global install from npx or a project's copy. */
function runningCli(): string {
  const script = process.argv[1];
  try {
    return script ? realpathSync(script) : '';
  } catch {
    return script ?? '';
  }
}
