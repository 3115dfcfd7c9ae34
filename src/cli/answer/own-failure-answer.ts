import type { AnyEventName } from '../../events/event-names.js';
import { specOf } from '../../events/lookup.js';
import type { Host, IncomingEvent } from '../../hosts/host.js';
import { emptyOutcome } from '../../outcome/empty-outcome.js';
import type { EventAnswer } from './event-context.js';

/*
 * Every failure of hookwire itself on an event that can block fails closed (docs/reliability.md, "hookwire's
 * own failures"): exit 1 is a non-blocking error for Claude Code and the hosts that copy it, and would let
 * through what the hooks were there to stop. Before the event is known (a command line or hook input
 * hookwire cannot read, an unknown host) it may be one that can block, so it is blocked too; only an event
 * known not to block gets the non-blocking error.
 */
const NON_BLOCKING_ERROR = 1;
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
  if (event === undefined) {
    writeQuietly(write, 2, `hookwire run: ${message}\n`);
    return { exitCode: BLOCKING_ERROR, afterAnswer };
  }
  const spec = specOf(event);
  if (spec.block === null) {
    writeQuietly(write, 2, `hookwire run: ${message}\n`);
    return { exitCode: NON_BLOCKING_ERROR, afterAnswer };
  }
  const reason = `hookwire run: blocked this ${event} because hookwire failed (fail closed): ${message}`;
  const failure = scope.host?.answer.failure;
  if (failure !== undefined) {
    // The event's own blocking decision (`deny` on PreToolUse, `block` elsewhere), as a hook's block merges.
    const answer = failure(
      { ...(await emptyOutcome(event)), decision: spec.block.decision, reason },
      scope.incoming,
    );
    try {
      write(1, answer.stdout);
      writeQuietly(write, 2, answer.stderr.includes(reason) ? answer.stderr : `${reason}\n${answer.stderr}`);
      return { exitCode: answer.exitCode, afterAnswer };
    } catch {
      // The host's own answer could not be written (its stdout is gone): exit 2 is the block left.
    }
  }
  writeQuietly(write, 2, `${reason}\n`);
  return { exitCode: BLOCKING_ERROR, afterAnswer };
}

/** A line on stderr, which may itself be unwritable (a full disk): the exit code must still be told. */
function writeQuietly(
  write: (descriptor: 1 | 2, text: string) => void,
  descriptor: 1 | 2,
  text: string,
): void {
  try {
    write(descriptor, text);
  } catch {
    // Nowhere left to say it.
  }
}
