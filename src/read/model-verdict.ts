import type { EventName } from '../events/event-names.js';
import type { EventSpec } from '../events/event-spec.js';
import type { HookVerdict } from './hook-verdict.js';
import { NO_EFFECTS } from './hook-verdict.js';

/** Events where a model may answer `impossible: true` to let the agent stop although the check failed. */
const STOPPING_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['Stop', 'SubagentStop']);

/**
 * Reads a prompt or agent hook's `{ok, reason?, impossible?}`: `ok: false` blocks the way the event blocks
 * (a PreToolUse deny, a Stop block that makes the agent continue, a refused task...), except that
 * `impossible: true` on Stop/SubagentStop lets the agent stop; `ok: true` is a plain success.
 */
export function readModelVerdict(
  event: EventName,
  spec: EventSpec,
  label: string,
  verdict: Readonly<Record<string, unknown>>,
): HookVerdict {
  const output = { ...verdict };
  if (verdict.ok === true) return { status: 'success', output, error: null, effects: NO_EFFECTS };
  const reason =
    typeof verdict.reason === 'string' && verdict.reason !== ''
      ? verdict.reason
      : `[${label}]: condition not met`;
  if (verdict.impossible === true && STOPPING_EVENTS.has(event)) {
    return { status: 'success', output, error: null, effects: NO_EFFECTS };
  }
  if (!spec.block || spec.notificationOnly) {
    return { status: 'non_blocking_error', output, error: reason, effects: NO_EFFECTS };
  }
  return { status: 'blocking', output, error: reason, effects: { decision: spec.block.decision, reason } };
}
