import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';
import type { Diagnostic } from '../settings/configured-hook.js';
import { formatDiagnostic } from '../settings/format-diagnostic.js';

/**
 * What an engine does when its settings have errors (a file missing, unreadable or malformed, an invalid
 * handler): `block` fails closed, `allow` only reports them. See docs/settings.md, "Broken settings".
 */
export type ConfigErrorPolicy = 'block' | 'allow';

/** The event a diagnostic's JSON path puts it under (`hooks.PreToolUse[0]...`), or undefined for the file. */
function eventOfDiagnostic(diagnostic: Diagnostic): string | undefined {
  return /^hooks\.([A-Za-z]+)/.exec(diagnostic.jsonPath)?.[1];
}

/**
 * The settings errors that concern `event`: those in the event's own hooks, and those of a whole file or a
 * policy key (they may have removed or changed any hook). Errors in another event's hooks do not.
 */
export function configErrorsFor(event: string, errors: readonly Diagnostic[]): readonly Diagnostic[] {
  return errors.filter((diagnostic) => {
    const under = eventOfDiagnostic(diagnostic);
    return under === undefined || under === event;
  });
}

/**
 * The outcome of an event whose settings are broken, failed closed: an event that can block is blocked
 * (unless a hook already blocked it) with the located errors as its reason; another event that answers
 * the host carries them as a system message for the user. Either way they are warnings of the outcome.
 * A guard with a typo must never let the agent proceed unseen.
 */
export function failClosed(outcome: Outcome, errors: readonly Diagnostic[], cwd: string): Outcome {
  if (errors.length === 0) return outcome;
  const lines = errors.map((diagnostic) => formatDiagnostic(diagnostic, cwd));
  const located = lines.join('\n');
  const warnings = [...outcome.warnings, ...lines];
  const spec = specOf(outcome.event);
  if (spec.notificationOnly) return { ...outcome, warnings };
  if (spec.block === null) {
    const notice = `hookwire: the hook settings have errors; hooks of this ${outcome.event} may not have run:\n${located}`;
    return { ...outcome, warnings, systemMessages: [...outcome.systemMessages, notice] };
  }
  const summary = `hookwire blocked this ${outcome.event} because the hook settings have errors (fail closed until they are fixed):\n${located}`;
  if (outcome.decision === spec.block.decision) return { ...outcome, warnings };
  // A PermissionRequest hook's allow object would otherwise still be answered beside the block.
  const { decision: _allowed, ...hookSpecificOutput } = outcome.hookSpecificOutput;
  return {
    ...outcome,
    hookSpecificOutput,
    decision: spec.block.decision,
    reason: summary,
    updatedInput: null,
    warnings,
    trace: { ...outcome.trace, decision: [], reason: [] },
  };
}
