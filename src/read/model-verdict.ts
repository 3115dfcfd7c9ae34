import type { EventSpec } from '../events/event-spec.js';
import type { Verdict } from '../run/model/verdict-schema.js';
import type { HookVerdict } from './hook-verdict.js';
import { NO_EFFECTS } from './hook-verdict.js';

/**
 * Reads a prompt or agent hook's `{ok, reason?, impossible?}`: `ok: false` blocks the way the event blocks
 * (a PreToolUse deny, a Stop block that makes the agent continue, a refused task...), except that
 * `impossible: true` lets the agent stop where a block would send it back to work (Stop, SubagentStop:
 * the row's `blockContinues`); `ok: true` is a plain success.
 */
export function readModelVerdict(spec: EventSpec, label: string, verdict: Verdict): HookVerdict {
  const output = { ...verdict };
  if (verdict.ok) return { status: 'success', output, error: null, effects: NO_EFFECTS };
  // Claude Code words a model's reason as it words a command's stderr, `[<prompt>]: <reason>` (observed on
  // PreToolUse and Stop: compat/scenarios H07, H11).
  const reason = `[${label}]: ${verdict.reason ? verdict.reason : 'condition not met'}`;
  if (verdict.impossible === true && spec.blockContinues !== null) {
    return { status: 'success', output, error: null, effects: NO_EFFECTS };
  }
  if (!spec.block || spec.notificationOnly) {
    return { status: 'non_blocking_error', output, error: reason, effects: NO_EFFECTS };
  }
  const effects = { decision: spec.block.decision, reason } as const;
  return {
    status: 'blocking',
    output,
    error: reason,
    effects: spec.modelBlockEndsTurn ? { ...effects, continue: false } : effects,
  };
}
