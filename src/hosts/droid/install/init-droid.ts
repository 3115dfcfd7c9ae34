import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { undoHostFile } from '../../../install/undo-host-file.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import {
  DROID_EVENTS,
  type DroidEvent,
  hookwireEventsIn,
  isDroidEvent,
  parseDroidSettings,
  planDroidHooks,
} from './plan-droid-hooks.js';

/**
 * How long Droid waits for `hookwire run`, in seconds: Claude Code's 600 s default for a command hook, so
 * that each hook's own `timeout`, which hookwire enforces, is what ends a slow hook.
 */
export const DROID_ENTRY_TIMEOUT_S = 600;

/**
 * `hookwire init droid`: one hookwire group per event the project's hooks use in the `hooks` of the
 * project's `.factory/settings.json` (which Droid 0.225.2 reads; docs/hosts/droid.md), each calling
 * `hookwire run --host droid --settings <hooks file> <Event>` (a project's own settings name its own hooks
 * file, as `init claude` does). Every other setting and hook stays; the file as it was is kept as
 * `settings.json.before-hookwire`. `--undo` puts that file back byte for byte when nothing else changed
 * since (and removes a file init created); otherwise it removes hookwire's groups only. Returns the exit code.
 */
export function initDroid(options: HostInstallOptions): number {
  const file = join(options.projectDir, '.factory', 'settings.json');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const handler = (event: DroidEvent) => ({
    type: 'command',
    command: guardMissingProgram(
      `${hookwire} run --host droid --settings ${quoteShellWord(options.hooksPath)} ${event}`,
      hostNamed('droid'),
      event,
    ),
    timeout: DROID_ENTRY_TIMEOUT_S,
  });
  if (options.undo)
    return undoHostFile(options, file, current, (text) => planDroidHooks(file, text, [], handler));
  const installed = current === undefined ? [] : hookwireEventsIn(parseDroidSettings(file, current));
  const events = wantedEvents(options, installed);
  const text = planDroidHooks(file, current, events, handler);
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: Factory Droid runs hookwire for ${events.join(', ')} (${file})\n`);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Factory Droid', options.err);
  return 0;
}

/** The events to install: those the project's hooks use that Droid has; hooks for others are listed. */
function wantedEvents(options: HostInstallOptions, installed: readonly string[]): DroidEvent[] {
  const used = projectHooksEvents(options.hooksPath, 'droid');
  for (const event of used.filter((name) => !isDroidEvent(name))) {
    options.err(
      `hookwire init: Factory Droid has no ${event} event; its hooks do not run under Factory Droid\n`,
    );
  }
  return DROID_EVENTS.filter((event) => used.includes(event) || installed.includes(event));
}
