import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { isHookwireRun } from '../../../install/is-hookwire-run.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { putBackFile, putBackMessage } from '../../../install/put-back-file.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import { type CopilotEvent, copilotEventOf } from '../copilot-events.js';

export type InitCopilotOptions = HostInstallOptions;

/**
 * How long Copilot waits for `hookwire run`, in seconds (Copilot's own default is 30): Claude Code's default
 * for a command hook, so that each hook's own `timeout`, which hookwire enforces, is what ends a slow hook.
 * Copilot lets a call run when its hook times out, as hookwire does for a hook that timed out.
 */
export const COPILOT_ENTRY_TIMEOUT_SECONDS = 600;

/** Copilot's user configuration directory: `$COPILOT_HOME`, else `~/.copilot`. */
export function copilotHome(env: NodeJS.ProcessEnv): string {
  return resolve(env.COPILOT_HOME || join(homedir(), '.copilot'));
}

/** One entry of a Copilot hooks file, as init writes it. */
interface CopilotCommandEntry {
  readonly type: 'command';
  readonly bash: string;
  readonly timeoutSec: number;
}

/** Whether an entry of Copilot's hooks file is one `hookwire init copilot` wrote. */
function isHookwireCopilotEntry(entry: unknown): boolean {
  return isJsonObject(entry) && typeof entry.bash === 'string' && / run --host copilot\b/.test(entry.bash);
}

/**
 * `hookwire init copilot`: a hooks file of its own in Copilot's user hooks directory
 * (`$COPILOT_HOME/hooks/hookwire.json`, Copilot's format: `{"version": 1, "hooks": {"preToolUse": [...]}}`)
 * with one entry per event the project's hooks use, each calling `hookwire run --host copilot <event>`.
 * User-level because Copilot runs a repository's hooks (`.github/hooks/`) only in a folder the user trusts,
 * which also loads the repository's skills, plugins and MCP servers; the user's hooks run in every folder
 * (observed, docs/hosts/copilot.md). hookwire's own trust guards the project's hooks file. Returns the exit
 * code.
 */
export function initCopilot(options: InitCopilotOptions): number {
  const file = join(copilotHome(options.env), 'hooks', 'hookwire.json');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const installed = current === undefined ? [] : installedEvents(file, current);

  if (options.undo) {
    if (options.print) return 0;
    // The file holds nothing but hookwire's entries (installedEvents refuses anything else): it goes, or
    // its bytes before the first init come back.
    const result = putBackFile(
      file,
      current,
      () => undefined,
      () => false,
    );
    options.err(putBackMessage(result, file));
    return 0;
  }

  const events = wantedEvents(options, installed);
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const hooks = Object.fromEntries(
    events.map((event) => {
      const entry: CopilotCommandEntry = {
        type: 'command',
        bash: guardMissingProgram(`${hookwire} run --host copilot ${event}`, hostNamed('copilot'), event),
        timeoutSec: COPILOT_ENTRY_TIMEOUT_SECONDS,
      };
      return [event, [entry]];
    }),
  );
  const text = `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  // A file of hookwire's own (nothing of anyone else's is in it), kept as it was for undo all the same.
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: GitHub Copilot CLI runs hookwire for ${events.join(', ')} (${file})\n`);
  warnIfClaudeEntries(options);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Copilot', options.err);
  return 0;
}

/**
 * The events to install: those the project's hooks use that Copilot has, and those already installed (they
 * serve the other projects on this machine). Hooks for an event Copilot lacks are listed: they never run
 * under Copilot.
 */
function wantedEvents(options: InitCopilotOptions, installed: readonly string[]): CopilotEvent[] {
  const used = projectHooksEvents(options.hooksPath, 'copilot');
  const wanted = new Set<string>(installed);
  for (const event of used) {
    const copilot = copilotEventOf(event);
    if (copilot === undefined) {
      options.err(
        `hookwire init: GitHub Copilot CLI has no ${event} event; its hooks do not run under Copilot\n`,
      );
    } else wanted.add(copilot);
  }
  // In the order Copilot documents its events, so the file reads the same every time.
  return [
    'sessionStart',
    'userPromptSubmitted',
    'userPromptTransformed',
    'preToolUse',
    'permissionRequest',
    'postToolUse',
    'postToolUseFailure',
    'preCompact',
    'subagentStart',
    'subagentStop',
    'agentStop',
    'notification',
    'errorOccurred',
    'sessionEnd',
  ].filter((event): event is CopilotEvent => wanted.has(event));
}

/**
 * The events of hookwire's file as it stands. A file of that name that holds anything else than hookwire's
 * entries is not rewritten: init would drop what someone else put there.
 */
function installedEvents(file: string, text: string): string[] {
  const document = parseHooksSettings(file, text, { init: 'copilot', comments: false });
  const hooks = isJsonObject(document.hooks) ? document.hooks : {};
  const foreign = Object.entries(hooks).some(
    ([, entries]) => !Array.isArray(entries) || !entries.every(isHookwireCopilotEntry),
  );
  if (foreign) {
    throw new CommandInputError(
      `${file} holds hooks that hookwire did not write; move them to another file of ${join(file, '..')} first`,
    );
  }
  return Object.keys(hooks);
}

/**
 * Copilot also runs the hooks of the project's `.claude/settings.json` and `settings.local.json` in a folder
 * it trusts: catch-all entries `hookwire init claude` wrote there would run the hooks a second time.
 */
function warnIfClaudeEntries(options: InitCopilotOptions): void {
  for (const name of ['settings.json', 'settings.local.json']) {
    const file = join(options.projectDir, '.claude', name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    if (!isHookwireRun(text)) continue;
    options.err(
      `hookwire init: ${file} calls hookwire too, and Copilot runs it in a folder it trusts: there each hook would run twice; Copilot skips it in a folder it does not trust\n`,
    );
  }
}
