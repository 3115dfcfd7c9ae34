import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';

/** The message of a session state failure, as the outcome tells it (a store's own messages are located). */
export function stateFaultMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The outcome of an event during which the session state could not be read or written (a store that
 * cannot be reached or did not answer in time): the hooks' answer may be wrong (a `once` hook not run, a
 * background result not delivered, a Stop count not kept), so an event that can block is blocked (unless a
 * hook already blocked it) with the located failures as its reason; another event that answers the host
 * carries them as a system message. Either way they are warnings. Never "allow" because of a fault.
 */
export function failClosedOnStateFault(outcome: Outcome, faults: readonly string[]): Outcome {
  if (faults.length === 0) return outcome;
  const located = faults.join('\n');
  const warnings = [...outcome.warnings, ...faults];
  const spec = specOf(outcome.event);
  if (spec.notificationOnly) return { ...outcome, warnings };
  if (spec.block === null) {
    const notice = `hookwire: the session state could not be kept; hooks of this ${outcome.event} may not have run as configured:\n${located}`;
    return { ...outcome, warnings, systemMessages: [...outcome.systemMessages, notice] };
  }
  const reason = `hookwire blocked this ${outcome.event} because the session state could not be kept (fail closed until the store answers):\n${located}`;
  if (outcome.decision === spec.block.decision) return { ...outcome, warnings };
  // A PermissionRequest hook's allow object would otherwise still be answered beside the block.
  const { decision: _allowed, ...hookSpecificOutput } = outcome.hookSpecificOutput;
  return {
    ...outcome,
    hookSpecificOutput,
    decision: spec.block.decision,
    reason,
    updatedInput: null,
    warnings,
    trace: { ...outcome.trace, decision: [], reason: [] },
  };
}
