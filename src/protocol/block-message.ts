import type { HookRun, Outcome } from '../outcome/outcome.js';

/**
 * How the merged block (or deny) of an outcome is best re-told to the host.
 *
 * `exit-code`: every hook that decided the block spoke in the host's own words, `[<command>]: <text>` (exit
 * 2, or an `onFailure: "block"` failure). Answering with exit 2 and `text` on stderr makes the host build
 * the very same message around its own command, so the model reads the same words as with the hook
 * configured directly. `text` is what to write on stderr: the hook's own stderr, byte for byte, when one hook
 * decided with exit 2; else the message without the bracketed command when one hook decided; else the whole
 * merged reason (each line keeps its own `[<command>]: ` so nothing is lost).
 *
 * `json`: at least one deciding hook gave its reason in JSON; the reason is forwarded as it is.
 */
export type BlockMessage = { readonly form: 'exit-code'; readonly text: string } | { readonly form: 'json' };

/** The runs that produced the outcome's decision: from the trace, else the runs whose status is `blocking`. */
export function decidingRuns(outcome: Outcome): readonly HookRun[] {
  const traced = outcome.trace.decision ?? outcome.trace.reason ?? [];
  const byIndex = new Map(outcome.runs.map((run) => [run.index, run]));
  const runs = traced.flatMap((index) => byIndex.get(index) ?? []);
  return runs.length > 0 ? runs : outcome.runs.filter((run) => run.status === 'blocking');
}

/**
 * Whether the run's message is the host's `[<command>]: …` form: exit 2 read from stderr, or a fail-closed
 * failure. An exit 2 whose JSON denied speaks in the JSON's words instead, as it does natively.
 */
function speaksInHostWords(run: HookRun): boolean {
  return run.error?.startsWith(`[${run.command}]: `) === true;
}

/** Decides how to re-tell the outcome's block; see `BlockMessage`. */
export function blockMessage(outcome: Outcome): BlockMessage {
  const runs = decidingRuns(outcome);
  const reason = outcome.reason ?? '';
  if (runs.length === 0 || !runs.every(speaksInHostWords)) return { form: 'json' };
  const [only] = runs;
  if (runs.length === 1 && only) {
    const prefix = `[${only.command}]: `;
    const text = reason.startsWith(prefix) ? reason.slice(prefix.length) : reason;
    // The host quotes stderr as it is (a trailing newline shows), and says "No stderr output" itself; a
    // message it words itself (onFailure) has no newline, so none is added.
    const fromStderr = text === (only.stderr.trim() || 'No stderr output');
    return { form: 'exit-code', text: fromStderr && only.exitCode === 2 ? only.stderr : text };
  }
  return { form: 'exit-code', text: reason };
}
