import { isRecord } from '../common/is-record.js';
import { parseJsonObject } from '../common/parse-json-object.js';
import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';
import { toHostAnswer } from './to-host-answer.js';

/**
 * The JSON body an http hook answers so that the host does what the merged outcome says: the same JSON a
 * command hook would print (`toHostAnswer`), with the two things an http answer cannot say otherwise
 * rewritten as JSON, since an http hook has no exit code and its plain text is an error:
 * - an exit-2 block becomes the event's JSON block: `permissionDecision: "deny"` (PreToolUse), a deny
 *   `decision` object (PermissionRequest), `action: "decline"` (Elicitation, ElicitationResult), else the
 *   top-level `decision: "block"` with the reason;
 * - plain stdout becomes `hookSpecificOutput.worktreePath` (where the host takes a worktree path:
 *   WorktreeCreate) or `additionalContext`.
 * Always an object; `{}` when there is nothing to say.
 */
export function toHttpAnswer(outcome: Outcome): Record<string, unknown> {
  const host = toHostAnswer(outcome);
  const printed = host.stdout.trim();
  const json = parseObject(printed) ?? {};
  const specific = { ...(isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {}) };
  if (printed !== '' && parseObject(printed) === null) {
    if (specOf(outcome.event).answersWorktreePath) specific.worktreePath = printed;
    else specific.additionalContext = printed;
  }
  if (host.exitCode === 2) {
    const reason = outcome.reason ?? (host.stderr.trim() || 'Blocked by hook');
    const fields = specOf(outcome.event).specificOutput;
    if (fields.includes('permissionDecision')) {
      specific.permissionDecision = 'deny';
      specific.permissionDecisionReason = reason;
    } else if (fields.includes('decision')) {
      specific.decision = { behavior: 'deny', message: reason };
    } else if (fields.includes('action')) {
      specific.action = 'decline';
    } else {
      json.decision = 'block';
      json.reason = reason;
    }
  }
  if (Object.keys(specific).length > 0) {
    json.hookSpecificOutput = { hookEventName: outcome.event, ...specific };
  }
  return json;
}

function parseObject(text: string): Record<string, unknown> | null {
  return text.startsWith('{') ? (parseJsonObject(text) ?? null) : null;
}
