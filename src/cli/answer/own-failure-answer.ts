import { emptyOutcome } from '../../engine/empty-outcome.js';
import type { AnyEventName } from '../../events/event-names.js';
import { specOf } from '../../events/lookup.js';
import type { Host, IncomingEvent } from '../../hosts/host.js';
import { CommandInputError } from '../command-input.js';
import type { EventAnswer } from './event-context.js';

/*
 * A broken hook input or command line exits 1: for the host that is a non-blocking hook error, and the
 * event it would name is unknown or not to be believed. A failure of hookwire itself once the event is known
 * fails closed instead: an event that can block is blocked (exit 2, the reason on stderr), since exit 1
 * would let through what the hooks were there to stop.
 */
const OWN_ERROR = 1;
const BLOCKING_ERROR = 2;

/** What was known of the event when hookwire failed: each is set as soon as it is read. */
export interface FailureScope {
  event?: AnyEventName;
  /** A host that does not read exit 2 as a block is told hookwire's failure its own way. */
  host?: Host;
  incoming?: IncomingEvent;
}

/** The answer to a failure of hookwire itself while answering an event, written through `write`. */
export async function ownFailureAnswer(
  error: unknown,
  scope: FailureScope,
  write: (descriptor: 1 | 2, text: string) => void,
): Promise<EventAnswer> {
  const afterAnswer = async (): Promise<void> => undefined;
  const message = error instanceof Error ? error.message : String(error);
  const { event } = scope;
  if (event !== undefined && !(error instanceof CommandInputError) && specOf(event).block !== null) {
    const reason = `hookwire run: blocked this ${event} because hookwire failed (fail closed): ${message}`;
    const failure = scope.host?.answer.failure;
    if (failure === undefined) {
      write(2, `${reason}\n`);
      return { exitCode: BLOCKING_ERROR, afterAnswer };
    }
    // The event's own blocking decision (`deny` on PreToolUse, `block` elsewhere), as a hook's block merges.
    const decision = specOf(event).block?.decision ?? 'block';
    const answer = failure({ ...(await emptyOutcome(event)), decision, reason }, scope.incoming);
    write(1, answer.stdout);
    write(2, answer.stderr.includes(reason) ? answer.stderr : `${reason}\n${answer.stderr}`);
    return { exitCode: answer.exitCode, afterAnswer };
  }
  write(2, `hookwire run: ${message}\n`);
  return { exitCode: OWN_ERROR, afterAnswer };
}
