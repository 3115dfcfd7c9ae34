import type { HookRun, Outcome } from '../../outcome/outcome.js';
import { redactSecretText } from '../../trace/redact-secrets.js';
import { oneLine } from './hook-row.js';

/*
 * Delivered runs (background results of earlier events) are left out: when one arrives depends on how long
 * it took, not on the settings, so comparing them would report timing as change.
 */
function ownRuns(outcome: Outcome): HookRun[] {
  return outcome.runs.filter((run) => run.details?.deliveredFrom === undefined);
}

function same(first: unknown, second: unknown): boolean {
  return JSON.stringify(first) === JSON.stringify(second);
}

/**
 * How a replayed outcome differs from the one recorded in a trace, one short sentence per difference: the
 * decision, its reason, `continue`, context, rewritten input, and each hook (matched by its command in
 * configuration order) that no longer runs, runs now, or ended differently. Empty when nothing differs.
 * `redacted`: the recording was redacted, so commands are compared as they were recorded (a literal
 * credential in a command line would otherwise make its hook look replaced).
 */
export function recordedChanges(recorded: Outcome, now: Outcome, redacted = false): string[] {
  const changes: string[] = [];
  const nowReason = redacted && now.reason !== null ? redactSecretText(now.reason) : now.reason;
  if (recorded.decision !== now.decision)
    changes.push(`decision ${recorded.decision ?? 'none'} → ${now.decision ?? 'none'}`);
  else if (recorded.reason !== nowReason)
    changes.push(
      `reason ${JSON.stringify(oneLine(recorded.reason ?? '', 50))} → ${JSON.stringify(oneLine(nowReason ?? '', 50))}`,
    );
  if (recorded.continue !== now.continue) changes.push(`continue ${recorded.continue} → ${now.continue}`);
  if (!same(recorded.additionalContext, now.additionalContext)) changes.push('additionalContext changed');
  if (!same(recorded.updatedInput, now.updatedInput)) changes.push('updatedInput changed');

  const label = (run: HookRun) => (redacted ? redactSecretText(run.command) : run.command);
  const waiting = ownRuns(now);
  for (const before of ownRuns(recorded)) {
    const position = waiting.findIndex((run) => label(run) === before.command);
    if (position === -1) {
      changes.push(`${oneLine(before.command, 80)} no longer runs`);
      continue;
    }
    const [after] = waiting.splice(position, 1) as [HookRun];
    if (after.status !== before.status || after.exitCode !== before.exitCode) {
      changes.push(
        `${oneLine(before.command, 80)}: ${before.status} (exit ${before.exitCode ?? '-'}) → ${after.status} (exit ${after.exitCode ?? '-'})`,
      );
    }
  }
  for (const added of waiting) changes.push(`${oneLine(added.command, 80)} runs now`);
  return changes;
}
