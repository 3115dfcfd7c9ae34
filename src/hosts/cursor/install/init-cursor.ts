import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import type { EventName } from '../../../events/event-names.js';
import { assertConfined } from '../../../install/confined-path.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { parseHooksSettings } from '../../../install/parse-hooks-settings.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { undoHostFile } from '../../../install/undo-host-file.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import { CURSOR_EVENTS, cursorEventOf, PERMISSION_EVENTS } from '../cursor-events.js';
import { hookwireEventsIn, parseCursorHooks, planCursorHooks } from './plan-cursor-hooks.js';

/** Where Cursor reads a project's hooks, relative to the project. */
const HOOKS_FILE = join('.cursor', 'hooks.json');

/**
 * How long Cursor waits for `hookwire run`, in seconds (Cursor's unit): Claude Code's 600 s default for a
 * command hook, so that each hook's own `timeout`, which hookwire enforces, is what ends a slow hook.
 */
export const CURSOR_ENTRY_TIMEOUT_S = 600;

/**
 * `hookwire init cursor`: one hookwire entry per Cursor event the project's hooks use in the project's
 * `.cursor/hooks.json` (which Cursor runs in a trusted workspace; docs/hosts/cursor.md), each calling
 * `hookwire run --host cursor --settings <hooks file> <event>` for Cursor's generic events (`preToolUse`,
 * not `beforeShellExecution`, so one tool call runs the hooks once). On the events that can deny,
 * `failClosed: true` makes Cursor block when hookwire itself cannot start. Every other entry stays; the
 * file as it was is kept as `hooks.json.before-hookwire`. `--undo` puts that file back byte for byte when
 * nothing else changed since (and removes a file init created); otherwise it removes hookwire's entries
 * only. A `.cursor` that leads out of the project is refused. Returns the exit code.
 */
export function initCursor(options: HostInstallOptions): number {
  assertConfined(options.projectDir, HOOKS_FILE, join(options.projectDir, HOOKS_FILE));
  const file = join(options.projectDir, HOOKS_FILE);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const entryFor = (event: string): Record<string, unknown> => ({
    command: guardMissingProgram(
      `${hookwire} run --host cursor --settings ${quoteShellWord(options.hooksPath)} ${event}`,
      hostNamed('cursor'),
      event,
    ),
    timeout: CURSOR_ENTRY_TIMEOUT_S,
    ...((PERMISSION_EVENTS as ReadonlySet<string>).has(event) || event === 'beforeSubmitPrompt'
      ? { failClosed: true }
      : {}),
  });
  if (options.undo)
    return undoHostFile(options, file, current, (text) => planCursorHooks(file, text, [], entryFor));
  const installed = current === undefined ? [] : hookwireEventsIn(parseCursorHooks(file, current));
  const events = wantedEvents(options, installed);
  const text = planCursorHooks(file, current, events, entryFor);
  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: Cursor runs hookwire for ${events.join(', ')} (${file})\n`);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Cursor', options.err);
  return 0;
}

/** Cursor's events for those the project's hooks use; hooks of an event Cursor lacks are listed. */
function wantedEvents(options: HostInstallOptions, installed: readonly string[]): string[] {
  if (!existsSync(options.hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${options.hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseHooksSettings(options.hooksPath, readFileSync(options.hooksPath, 'utf8'), {
    init: 'cursor',
    comments: false,
  });
  const used = isJsonObject(document.hooks) ? Object.keys(document.hooks) : [];
  const events = new Set<string>();
  for (const event of used) {
    const cursor = cursorEventOf(event as EventName);
    if (cursor === undefined) {
      options.err(`hookwire init: Cursor has no ${event} event; its hooks do not run under Cursor\n`);
    } else events.add(cursor);
  }
  for (const event of installed) events.add(event);
  return inCursorOrder([...events]);
}

/**
 * Events in the order of Cursor's event table, then any other in the order given: the same events give the
 * same file whatever order they were found in, which `--undo` relies on to see a file init left as it was.
 */
function inCursorOrder(events: readonly string[]): string[] {
  const order = Object.keys(CURSOR_EVENTS);
  const rank = (event: string) => (order.includes(event) ? order.indexOf(event) : order.length);
  return [...events].sort((a, b) => rank(a) - rank(b));
}
