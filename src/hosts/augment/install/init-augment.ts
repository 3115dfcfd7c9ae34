import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import type { AnyEventName } from '../../../events/event-names.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { undoHostFile } from '../../../install/undo-host-file.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { AUGMENT_EVENTS, type AugmentEvent, augmentEventOf } from '../augment-events.js';
import { augmentHost } from '../augment-host.js';
import { hookwireEventsIn, parseAugmentSettings, planAugmentHooks } from './plan-augment-hooks.js';

/**
 * How long Auggie waits for `hookwire run`, in milliseconds (Auggie's unit; its default is 60 000): Claude
 * Code's 600 s default for a command hook, so that each hook's own `timeout` (seconds, in the hooks file),
 * which hookwire enforces, is what ends a slow hook.
 */
export const AUGMENT_ENTRY_TIMEOUT_MS = 600_000;

/** The events whose decisions Auggie 0.36.0 does not apply (docs/hosts/augment.md), and what is lost. */
const NOT_APPLIED: Readonly<Partial<Record<AugmentEvent, string>>> = {
  Stop: 'a Stop block does not continue the turn',
  PromptSubmit: 'a UserPromptSubmit block does not stop the prompt, and its context does not reach the model',
  SessionStart: 'SessionStart context does not reach the model',
};

/**
 * `hookwire init augment`: one hookwire group per event the project's hooks use in the `hooks` of the
 * project's `.augment/settings.json` (which Auggie 0.36.0 reads; docs/hosts/augment.md), under Auggie's event
 * names (`UserPromptSubmit` is `PromptSubmit`), each calling `hookwire run --host augment --settings <hooks
 * file> <Event>` with a timeout in milliseconds. Every other setting and hook stays; `--undo` puts the file
 * back byte for byte when nothing else changed since (and removes a file init created); otherwise it removes
 * hookwire's groups only. Returns the exit code.
 */
export function initAugment(options: HostInstallOptions): number {
  const file = join(options.projectDir, '.augment', 'settings.json');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const handler = (event: AugmentEvent) => ({
    type: 'command',
    command: guardMissingProgram(
      `${hookwire} run --host augment --settings ${quoteShellWord(options.hooksPath)} ${event}`,
      augmentHost,
      event,
    ),
    timeout: AUGMENT_ENTRY_TIMEOUT_MS,
  });
  if (options.undo)
    return undoHostFile(options, file, current, (text) => planAugmentHooks(file, text, [], handler));
  const installed = current === undefined ? [] : hookwireEventsIn(parseAugmentSettings(file, current));
  const events = wantedEvents(options, installed);
  const text = planAugmentHooks(file, current, events, handler);
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: Auggie runs hookwire for ${events.join(', ')} (${file})\n`);
  for (const event of events) {
    const lost = NOT_APPLIED[event];
    if (lost !== undefined) options.err(`hookwire init: under Auggie, ${lost} (docs/hosts/augment.md)\n`);
  }
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Auggie', options.err);
  return 0;
}

/** The Auggie events to install: those of the events the project's hooks use; hooks for others are listed. */
function wantedEvents(options: HostInstallOptions, installed: readonly string[]): AugmentEvent[] {
  const used = projectHooksEvents(options.hooksPath, 'augment');
  const wanted = new Set<string>();
  for (const event of used) {
    const own = augmentEventOf(event as AnyEventName);
    if (own === undefined) {
      options.err(`hookwire init: Auggie has no ${event} event; its hooks do not run under Auggie\n`);
    } else wanted.add(own);
  }
  return (Object.keys(AUGMENT_EVENTS) as AugmentEvent[]).filter(
    (event) => wanted.has(event) || installed.includes(event),
  );
}
