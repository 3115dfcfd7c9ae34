import { specOf, unknownEventWarning } from '../events/lookup.js';
import type { HookRun, Outcome } from '../outcome/outcome.js';
import type { HostAnswer } from './host-answer.js';
import { jsonAnswer } from './json-answer.js';
import { planAnswer } from './plan-answer.js';

export type { HostAnswer } from './host-answer.js';

const nothing: HostAnswer = { stdout: '', stderr: '', exitCode: 0 };

/**
 * The answer a single Claude Code hook would give so that the host does exactly what the merged outcome
 * says: stdout JSON (or plain stdout where the host reads it so), stderr and exit code (`planAnswer` says
 * what is told). Used by `hookwire run`. Notification-only events answer nothing (the host ignores their
 * output); for an event the catalogue does not know, stderr says so (exit 0, so the host ignores it too).
 * Non-blocking failures of the hooks are listed on stderr with exit 0: the host ignores stderr on exit 0,
 * and the action proceeds, as it would after a non-blocking error.
 */
export function toHostAnswer(outcome: Outcome): HostAnswer {
  const spec = specOf(outcome.event);
  const failures = failureLines(outcome);
  if (spec.notificationOnly) {
    const unknown = unknownEventWarning(outcome.event);
    return { ...nothing, stderr: unknown === undefined ? failures : `hookwire: ${unknown}\n${failures}` };
  }
  const plan = planAnswer(spec, outcome);
  switch (plan.kind) {
    case 'exit-block':
      return jsonAnswer(plan.json.common, plan.json.specific, outcome.event, plan.stderr, 2);
    case 'json':
      return jsonAnswer(plan.json.common, plan.json.specific, outcome.event, failures, 0);
    case 'plain':
      return { stdout: `${plan.text}\n`, stderr: failures, exitCode: 0 };
    case 'silent':
      return nothing;
  }
}

/**
 * One line per hook that failed without blocking, for whoever reads hookwire's stderr: `hookwire: [<label>]
 * <what happened>`. The reader's messages already start with `[<label>]: `, which is not said twice.
 */
function failureLines(outcome: Outcome): string {
  return outcome.runs
    .filter((run) => run.status === 'non_blocking_error' || run.status === 'timeout')
    .map((run) => `hookwire: [${run.command}] ${failureText(run)}\n`)
    .join('');
}

function failureText(run: HookRun): string {
  const error = run.error ?? (run.status === 'timeout' ? 'timed out' : 'failed');
  const prefix = `[${run.command}]: `;
  return error.startsWith(prefix) ? error.slice(prefix.length) : error;
}
