import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { putBackFile, putBackMessage } from '../../../install/put-back-file.js';
import {
  absolutePathNote,
  userLevelInvocation,
  warnIfUntrusted,
  writeIfChanged,
} from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import {
  hookwireEventsIn,
  isQwenEvent,
  parseQwenSettings,
  planQwenHooks,
  QWEN_EVENTS,
  type QwenEvent,
} from './plan-qwen-hooks.js';

export type InitQwenOptions = HostInstallOptions;

/**
 * How long Qwen Code waits for `hookwire run`, in **milliseconds**, the unit of Qwen's command hooks (its
 * default is 60000): Claude Code's 600 s default for a command hook, so that each hook's own `timeout`,
 * which hookwire enforces, is what ends a slow hook. Qwen lets a call run when its hook times out, as
 * hookwire does for a hook that timed out.
 */
export const QWEN_ENTRY_TIMEOUT_MS = 600_000;

/** Qwen Code's user configuration directory: `$QWEN_HOME`, else `~/.qwen`. */
export function qwenHome(env: NodeJS.ProcessEnv): string {
  return resolve(env.QWEN_HOME || join(homedir(), '.qwen'));
}

/**
 * `hookwire init qwen`: one hookwire group per event the project's hooks use in the `hooks` of Qwen Code's
 * user settings (`$QWEN_HOME/settings.json`), each calling `hookwire run --host qwen <Event>` with its
 * timeout in milliseconds; every other setting and hook of the file stays, and the file as it was before
 * hookwire first changed it is kept as `settings.json.before-hookwire`. User-level because Qwen runs a
 * project's `.qwen/settings.json` hooks only in a folder it trusts; the user's run in every folder
 * (observed, docs/hosts/qwen.md). Returns the exit code.
 */
export function initQwen(options: InitQwenOptions): number {
  const file = join(qwenHome(options.env), 'settings.json');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const installed = current === undefined ? [] : hookwireEventsIn(parseQwenSettings(file, current));
  const events = options.undo ? [] : wantedEvents(options, installed);
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const handler = (event: QwenEvent) => ({
    type: 'command',
    command: guardMissingProgram(`${hookwire} run --host qwen ${event}`, hostNamed('qwen'), event),
    timeout: QWEN_ENTRY_TIMEOUT_MS,
  });
  const text = planQwenHooks(file, current, events, handler);
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  if (options.undo) {
    const write = (next: string) => writeIfChanged(file, current, next, options.err, false);
    options.err(
      putBackMessage(
        putBackFile(file, current, () => text, write),
        file,
      ),
    );
    return 0;
  }
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: Qwen Code runs hookwire for ${events.join(', ')} (${file})\n`);
  const note = absolutePathNote(hookwire, file, 'Qwen Code');
  if (note !== undefined) options.err(note);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Qwen Code', options.err);
  return 0;
}

/**
 * The events to install: those the project's hooks use that Qwen has, and those already installed (they
 * serve the other projects on this machine). Hooks for an event Qwen lacks are listed.
 */
function wantedEvents(options: InitQwenOptions, installed: readonly string[]): QwenEvent[] {
  const used = projectHooksEvents(options.hooksPath, 'qwen');
  for (const event of used.filter((name) => !isQwenEvent(name))) {
    options.err(`hookwire init: Qwen Code has no ${event} event; its hooks do not run under Qwen Code\n`);
  }
  return QWEN_EVENTS.filter((event) => used.includes(event) || installed.includes(event));
}
