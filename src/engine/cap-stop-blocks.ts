import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';
import type { SessionStateBackend } from './session-state.js';
import { stateFaultMessage } from './session-state-fault.js';

/**
 * Enforces the Stop block cap on events whose block sends the agent back to work (the row's
 * `blockContinues`): after `cap` consecutive blocked Stops (per session; per subagent for SubagentStop)
 * the next block is refused, as Claude Code ends the turn anyway: the decision becomes null
 * and a warning says so. Any Stop that is not blocked starts the count again. A count the state cannot keep
 * leaves the block standing and pushes the failure onto `faults` (the event fails closed).
 */
export async function capStopBlocks(
  outcome: Outcome,
  payload: Readonly<Record<string, unknown>>,
  sessionId: string,
  state: SessionStateBackend,
  cap: number,
  faults: string[],
): Promise<Outcome> {
  const event = outcome.event;
  const continues = specOf(event).blockContinues;
  if (continues === null) return outcome;
  const agent = continues === 'subagent' && typeof payload.agent_id === 'string' ? payload.agent_id : '';
  const key = `${sessionId}\u0000${event}\u0000${agent}`;
  try {
    if (await state.countStopBlock(sessionId, key, outcome.decision === 'block', cap)) return outcome;
  } catch (error) {
    faults.push(stateFaultMessage(error));
    return outcome;
  }
  const { decision: _decision, reason: _reason, ...trace } = outcome.trace;
  return {
    ...outcome,
    decision: null,
    reason: null,
    trace,
    warnings: [
      ...outcome.warnings,
      `${event} block cap reached: ${cap} consecutive blocks in this session; this block is ignored and the agent stops (the blocking reason was: ${outcome.reason ?? 'none'})`,
    ],
  };
}
