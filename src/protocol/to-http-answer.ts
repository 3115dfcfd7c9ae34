import { isRecord } from '../common/is-record.js';
import { parseJsonObject } from '../common/parse-json-object.js';
import type { EventSpec } from '../events/event-spec.js';
import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';
import { jsonBody } from './json-answer.js';
import { planAnswer } from './plan-answer.js';

/**
 * The JSON body an http hook answers so that the host does what the merged outcome says: what a command
 * hook would be told (`planAnswer`, as `toHostAnswer` spells it for `hookwire run`), with the two things an
 * http answer cannot say otherwise spelled as JSON, since an http hook has no exit code and its plain text is
 * an error:
 * - an exit-2 block becomes the event's JSON block: `permissionDecision: "deny"` (PreToolUse), a deny
 *   `decision` object (PermissionRequest), `action: "decline"` (Elicitation, ElicitationResult), else the
 *   top-level `decision: "block"` with the reason;
 * - plain stdout becomes `hookSpecificOutput.worktreePath` (where the host takes a worktree path:
 *   WorktreeCreate) or `additionalContext`; plain text that is one JSON object (a PreCompact hook's own
 *   JSON, passed on raw) is that object.
 * Always an object; `{}` when there is nothing to say (and on notification-only events).
 */
export function toHttpAnswer(outcome: Outcome): Record<string, unknown> {
  const spec = specOf(outcome.event);
  if (spec.notificationOnly) return {};
  const plan = planAnswer(spec, outcome);
  switch (plan.kind) {
    case 'json':
      return jsonBody(plan.json.common, plan.json.specific, outcome.event);
    case 'exit-block': {
      const reason = outcome.reason ?? (plan.stderr.trim() || 'Blocked by hook');
      return jsonBlock(
        spec,
        jsonBody(plan.json.common, plan.json.specific, outcome.event),
        reason,
        outcome.event,
      );
    }
    case 'plain':
      return plainAsJson(spec, plan.text.trim(), outcome.event);
    case 'silent':
      return {};
  }
}

/** `body` with the block said in the event's JSON, for an event blocked by exit code. */
function jsonBlock(
  spec: EventSpec,
  body: Record<string, unknown>,
  reason: string,
  event: string,
): Record<string, unknown> {
  const fields = spec.specificOutput;
  if (fields.includes('permissionDecision')) {
    return withSpecific(body, event, { permissionDecision: 'deny', permissionDecisionReason: reason });
  }
  if (fields.includes('decision')) {
    return withSpecific(body, event, { decision: { behavior: 'deny', message: reason } });
  }
  if (fields.includes('action')) return withSpecific(body, event, { action: 'decline' });
  return { ...body, decision: 'block', reason };
}

/** Plain stdout as JSON: the object it is, or the field the host reads plain stdout as. */
function plainAsJson(spec: EventSpec, text: string, event: string): Record<string, unknown> {
  if (text === '') return {};
  const object = text.startsWith('{') ? parseJsonObject(text) : undefined;
  if (object !== undefined) return withSpecific(object, event, {});
  return withSpecific({}, event, { [spec.answersWorktreePath ? 'worktreePath' : 'additionalContext']: text });
}

/** `body` with `fields` added to its `hookSpecificOutput`, which names the event first. */
function withSpecific(
  body: Record<string, unknown>,
  event: string,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const specific = { ...(isRecord(body.hookSpecificOutput) ? body.hookSpecificOutput : {}), ...fields };
  if (Object.keys(specific).length === 0) return body;
  const answered = { ...body };
  answered.hookSpecificOutput = { hookEventName: event, ...specific };
  return answered;
}
