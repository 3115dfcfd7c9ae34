import { quoteShellWord } from '../common/shell-words.js';
import { isEventName, specOf } from '../events/lookup.js';
import { emptyOutcomeNow } from '../outcome/empty-outcome.js';
import type { Outcome } from '../outcome/outcome.js';

/*
 * A hook command whose program is missing or not executable exits 127 or 126 in the host's shell, which every
 * host reads as a non-blocking error: the guard would be silently off (docs/reliability.md, "A missing
 * hookwire blocks"). So each entry init writes for an event that can block carries, after its command, the
 * host's own failure answer for that event, computed now from the host row and written only when the shell
 * says the command could not start. Every other exit status passes through unchanged: hookwire's own
 * answers, blocks and failures are already in the host's terms.
 */

/**
 * What the guard reads of a host (src/hosts/host.ts, `Host`, which this layer sits before): its event names
 * onto the catalogue's, and its answer to hookwire's own failure.
 */
export interface GuardedHost {
  readonly events: { toCatalogue(hostEvent: string): string };
  readonly answer: { failure?(outcome: Outcome): CommandAnswer };
}

/** A command hook's answer: what it prints and how it exits (the contract's `CommandAnswer`). */
export interface CommandAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Exit statuses of a POSIX shell whose command could not start: found but not executable, not found. */
const COULD_NOT_START = [126, 127];

/**
 * `guarded` as one `/bin/sh -c` word: for a host that runs its hook commands with the user's own login shell
 * (Codex: `$SHELL -lc`), where the guard's POSIX syntax (`{ ...; }`, `$?`) would not parse in fish or nu.
 */
export function inPosixShell(guarded: string): string {
  return `/bin/sh -c ${quoteShellWord(guarded)}`;
}

/** `command`, followed by the host's block for `hostEvent` when the command cannot start. */
export function guardMissingProgram(command: string, host: GuardedHost, hostEvent: string): string {
  const block = blockWhenNotStarted(host, hostEvent);
  return block === undefined ? command : `${command} || { s=$?; ${block} }`;
}

/**
 * Shell text for after the command, its exit status in `$s`: exits with that status when the command started,
 * else writes the host's block for `hostEvent` and exits as that block does. Undefined for an event that
 * cannot block (a non-blocking error is what the host makes of it anyway).
 */
export function blockWhenNotStarted(host: GuardedHost, hostEvent: string): string | undefined {
  const event = host.events.toCatalogue(hostEvent);
  if (!isEventName(event)) return undefined;
  const block = specOf(event).block;
  if (block === null) return undefined;
  const reason = `hookwire could not start (not found or not executable), so ${hostEvent} is blocked (fail closed): reinstall hookwire, or run hookwire init for this agent again`;
  const answer: CommandAnswer = host.answer.failure?.({
    ...emptyOutcomeNow(event),
    decision: block.decision,
    reason,
  }) ?? { stdout: '', stderr: `${reason}\n`, exitCode: 2 };
  // One line per write, without the trailing newline: the settings file keeps the command on one line.
  const stderr = (answer.stderr.includes(reason) ? answer.stderr : `${reason}\n${answer.stderr}`).replace(
    /\n$/,
    '',
  );
  const started = COULD_NOT_START.map((status) => `[ $s -ne ${status} ]`).join(' && ');
  const writes = [
    ...(answer.stdout === '' ? [] : [`printf '%s' ${quoteShellWord(answer.stdout)}`]),
    `printf '%s\\n' ${quoteShellWord(stderr)} >&2`,
  ];
  return `${started} && exit $s; ${writes.join('; ')}; exit ${answer.exitCode};`;
}
