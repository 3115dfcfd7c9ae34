import { quoteShellWord } from '../../../common/shell-words.js';
import { isEventName, specOf } from '../../../events/lookup.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { emptyOutcomeNow } from '../../../outcome/empty-outcome.js';
import type { Host } from '../../host.js';

/** The second line of every hook file `hookwire init cline` writes: how init and undo know their own. */
export const HOOK_FILE_MARKER = '# hookwire init cline:';

/**
 * The executable file Cline runs for `hostEvent` (`.cline/hooks/PreToolUse`): it hands the payload on stdin
 * to `command` (`hookwire run --host cline --settings <hooks file>`) with the event's name.
 *
 * Cline reads no exit code: a hook that prints nothing lets the call run. So on an event that can block, the
 * file keeps hookwire's answer, prints it, and when there is none from a hookwire that failed (a status other
 * than 0 and nothing on stdout: a program that could not start, or hookwire failing before it knew the event)
 * prints the host's own block instead, the `cancel` JSON, computed now from the host row. The missing
 * program's block is the shared guard's (src/cli/init/missing-program-guard.ts).
 */
export function clineHookFile(host: Host, hostEvent: string, command: string, version: string): string {
  const line = `${command} ${hostEvent}`;
  const header = [
    '#!/bin/sh',
    `${HOOK_FILE_MARKER} Cline's ${hostEvent} is answered by hookwire ${version}; \`hookwire init cline --undo\` removes this file.`,
  ];
  const failure = silentFailureAnswer(host, hostEvent);
  if (failure === undefined) return [...header, `exec ${line}`, ''].join('\n');
  return [
    ...header,
    `answer=$(${guardMissingProgram(line, host, hostEvent)})`,
    's=$?',
    'if [ -n "$answer" ]; then printf \'%s\\n\' "$answer"; exit "$s"; fi',
    '[ "$s" -eq 0 ] && exit 0',
    `printf '%s' ${quoteShellWord(failure.stdout)}`,
    `printf '%s\\n' ${quoteShellWord(failure.reason)} >&2`,
    `exit ${failure.exitCode}`,
    '',
  ].join('\n');
}

/** The host's block for a hookwire that exited with a failure and said nothing; undefined where nothing blocks. */
function silentFailureAnswer(
  host: Host,
  hostEvent: string,
): { stdout: string; reason: string; exitCode: number } | undefined {
  const event = host.events.toCatalogue(hostEvent);
  if (!isEventName(event)) return undefined;
  const block = specOf(event).block;
  if (block === null) return undefined;
  const reason = `hookwire failed without an answer, so ${hostEvent} is blocked (fail closed): run the hook file by hand to see why, or run hookwire init cline again`;
  const answer = host.answer.failure?.(
    { ...emptyOutcomeNow(event), decision: block.decision, reason },
    undefined,
  );
  if (answer === undefined || answer.stdout === '') return undefined;
  return { stdout: answer.stdout, reason, exitCode: answer.exitCode };
}
