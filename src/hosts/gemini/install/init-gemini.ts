import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { isEventName, specOf } from '../../../events/lookup.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { putBackFile, putBackMessage } from '../../../install/put-back-file.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstaller, HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import { GEMINI_EVENT_NAMES, GEMINI_EVENTS, type GeminiEventName } from '../gemini-events.js';
import { GEMINI_PROJECT_SETTINGS } from '../gemini-host.js';
import {
  type GeminiCommandHandler,
  HOOKWIRE_HOOK_NAME,
  isHookwireGeminiHandler,
  parseGeminiSettings,
  planGeminiSettings,
} from './plan-gemini-settings.js';
import { folderTrustOf, trustedFoldersPath, withTrustedFolder } from './trusted-folders.js';

export interface InitGeminiOptions extends HostInstallOptions {
  /** Install into the user settings (`~/.gemini/settings.json`) instead of the project's. */
  readonly user: boolean;
  /** Record the project as a trusted folder in Gemini's trustedFolders.json. */
  readonly trustFolder: boolean;
}

/** `hookwire init gemini` as the contract's installer: `--user` and `--trust-folder` from the command line. */
export const installGemini: HostInstaller = (options) =>
  initGemini({
    ...options,
    user: options.values.user === true,
    trustFolder: options.values['trust-folder'] === true,
  });

/** What Gemini CLI waits for when a handler names no timeout, in milliseconds (0.61's DEFAULT_HOOK_TIMEOUT). */
const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;
/** Added to the longest hook's timeout, so that hookwire answers (a timeout is a value) before Gemini kills it. */
const TIMEOUT_MARGIN_SECONDS = 5;

/** Gemini CLI's user directory: `$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`. */
export function geminiHome(env: NodeJS.ProcessEnv): string {
  return resolve(env.GEMINI_CLI_HOME || homedir(), '.gemini');
}

/**
 * `hookwire init gemini`: one hookwire group per Gemini event the project's hooks use, in the project's
 * `.gemini/settings.json` (or with `--user` the user's `~/.gemini/settings.json`, which serves every
 * project), each calling `hookwire run --host gemini <GeminiEvent>` with a `timeout` in milliseconds that
 * covers the longest of the event's hooks. Gemini CLI runs hooks only in a folder it trusts; `--trust-folder`
 * records the project in its trustedFolders.json, otherwise init says how to. Returns the exit code.
 */
export function initGemini(options: InitGeminiOptions): number {
  const settingsFile = options.user
    ? join(geminiHome(options.env), 'settings.json')
    : join(options.projectDir, GEMINI_PROJECT_SETTINGS);
  const current = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : undefined;
  const handlers = options.undo ? new Map() : wantedHandlers(options, settingsFile, current);
  const text = planGeminiSettings(settingsFile, current, handlers);

  if (options.print) {
    options.out(text);
    return 0;
  }
  if (options.undo) {
    // A file init created, left with nothing but an empty object, goes as it came.
    const withoutHookwire = () => (createdByInit(settingsFile, text) ? undefined : text);
    const write = (next: string) => writeIfChanged(settingsFile, current, next, options.err, false);
    options.err(putBackMessage(putBackFile(settingsFile, current, withoutHookwire, write), settingsFile));
    return 0;
  }
  writeIfChanged(settingsFile, current, text, options.err);
  options.err(
    `hookwire init: Gemini CLI runs hookwire for ${[...handlers.keys()].join(', ')} (${settingsFile})\n`,
  );
  trustTheFolder(options);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Gemini CLI', options.err);
  return 0;
}

/** Whether undoing leaves an empty object in a file init created (no backup of an earlier file exists). */
function createdByInit(settingsFile: string, text: string): boolean {
  if (existsSync(`${settingsFile}.before-hookwire`)) return false;
  return Object.keys(parseGeminiSettings(settingsFile, text)).length === 0;
}

/**
 * The handlers to install, by Gemini event: those of the catalogue events the hooks file uses that Gemini
 * has, and, in the user settings, those already installed (they serve the other projects on this machine).
 * Hooks of an event Gemini lacks are listed: they never run under Gemini CLI.
 */
function wantedHandlers(
  options: InitGeminiOptions,
  settingsFile: string,
  current: string | undefined,
): Map<GeminiEventName, GeminiCommandHandler> {
  if (!existsSync(options.hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${options.hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseGeminiSettings(options.hooksPath, readFileSync(options.hooksPath, 'utf8'));
  const used = isJsonObject(document.hooks) ? document.hooks : {};
  const seconds = new Map<GeminiEventName, number>();
  for (const [event, groups] of Object.entries(used)) {
    const gemini = GEMINI_EVENTS.fromCatalogue(event);
    if (gemini === undefined || !(gemini in GEMINI_EVENT_NAMES)) {
      options.err(`hookwire init: Gemini CLI has no ${event} event; its hooks do not run under Gemini CLI\n`);
      continue;
    }
    const name = gemini as GeminiEventName;
    seconds.set(name, Math.max(seconds.get(name) ?? 0, longestTimeout(event, groups)));
  }
  if (options.user && current !== undefined) {
    const installed = parseGeminiSettings(settingsFile, current).hooks;
    for (const [event, groups] of Object.entries(isJsonObject(installed) ? installed : {})) {
      const handler = Array.isArray(groups)
        ? groups
            .flatMap((group) => (isJsonObject(group) && Array.isArray(group.hooks) ? group.hooks : []))
            .find(isHookwireGeminiHandler)
        : undefined;
      if (handler === undefined || !(event in GEMINI_EVENT_NAMES) || seconds.has(event as GeminiEventName))
        continue;
      const timeout = isJsonObject(handler) && typeof handler.timeout === 'number' ? handler.timeout : 0;
      seconds.set(event as GeminiEventName, timeout / 1000 - TIMEOUT_MARGIN_SECONDS);
    }
  }
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const hooksFile = options.user ? undefined : settingsArgument(options);
  const handlers = new Map<GeminiEventName, GeminiCommandHandler>();
  for (const event of Object.keys(GEMINI_EVENT_NAMES) as GeminiEventName[]) {
    const longest = seconds.get(event);
    if (longest === undefined) continue;
    const settings = hooksFile === undefined ? '' : ` --settings ${hooksFile}`;
    handlers.set(event, {
      name: HOOKWIRE_HOOK_NAME,
      type: 'command',
      command: guardMissingProgram(
        `${hookwire} run --host gemini${settings} ${event}`,
        hostNamed('gemini'),
        event,
      ),
      timeout: Math.max(GEMINI_DEFAULT_TIMEOUT_MS, (longest + TIMEOUT_MARGIN_SECONDS) * 1000),
    });
  }
  return handlers;
}

/** The longest timeout, in seconds, of the handlers in an event's groups (each type's default when unset). */
function longestTimeout(event: string, groups: unknown): number {
  if (!Array.isArray(groups) || !isEventName(event)) return 0;
  const { timeouts } = specOf(event);
  let longest = 0;
  for (const group of groups) {
    for (const handler of isJsonObject(group) && Array.isArray(group.hooks) ? group.hooks : []) {
      if (!isJsonObject(handler)) continue;
      const fallback = timeouts[handler.type as keyof typeof timeouts] ?? 0;
      const seconds = typeof handler.timeout === 'number' ? handler.timeout : fallback;
      longest = Math.max(longest, seconds);
    }
  }
  return longest;
}

/**
 * The hooks file as the project settings name it: through `$GEMINI_PROJECT_DIR`, which Gemini replaces with
 * the project's directory before it runs the command, when the file is inside the project.
 */
function settingsArgument(options: InitGeminiOptions): string {
  const inside = relative(options.projectDir, options.hooksPath);
  if (inside.startsWith('..') || resolve(inside) === inside) return quoteShellWord(options.hooksPath);
  return `"$GEMINI_PROJECT_DIR"/${quoteShellWord(inside.split('\\').join('/'))}`;
}

/** Records the folder trust Gemini needs with `--trust-folder`; otherwise says what is missing. */
function trustTheFolder(options: InitGeminiOptions): void {
  const file = trustedFoldersPath(options.env, geminiHome(options.env));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const trust = folderTrustOf(file, text, options.projectDir);
  if (trust === 'trusted') return;
  if (options.trustFolder && trust !== 'distrusted') {
    writeIfChanged(file, text, withTrustedFolder(file, text, options.projectDir), options.err);
    options.err(`hookwire init: Gemini CLI now trusts ${options.projectDir} (${file})\n`);
    return;
  }
  const why =
    trust === 'distrusted'
      ? `${file} marks ${options.projectDir} as not trusted, and hookwire does not overrule that`
      : `${options.projectDir} is not in ${file}`;
  options.err(
    `hookwire init: Gemini CLI runs no hooks in a folder it does not trust, and without trust \`gemini -p\` refuses to start: ${why}. Trust it in Gemini's trust dialog, or run \`hookwire init gemini --trust-folder\` (trusting a folder also lets Gemini load its .env, MCP servers and commands)\n`,
  );
}
