import { isRecord } from '../common/is-record.js';
import type { Decision, EventSpec, SpecificOutputField } from '../events/event-spec.js';
import type { HookEffects } from './hook-verdict.js';
import { specificFieldReaders } from './specific-fields.js';
import type { WireOutput } from './wire-output.js';

/** Either the effects of a hook's JSON under its event's rules, or why the JSON is invalid. */
export type EffectsResult = { readonly effects: HookEffects } | { readonly invalid: string };

/** deny > defer > ask > allow; a block ranks with deny (an event has one or the other). */
export const DECISION_RANK: Readonly<Record<Decision, number>> = {
  allow: 1,
  ask: 2,
  defer: 3,
  deny: 4,
  block: 4,
};

/**
 * Why an `updatedInput` refused where the host does not apply one (`EventSpec.updatedInputRefuses`), in
 * Claude Code 2.1.332's words (compat S02: the model reads `[not run: blocked by hook: <this>]`).
 */
export const UPDATED_INPUT_REFUSED = "the hook changed the command, which isn't supported here";

/** The text Claude Code shows for a deny that gives no reason. */
export const DEFAULT_DENY_REASON = 'Blocked by hook';

/**
 * Reads a hook's checked JSON under its event's catalogue row: the common fields; the legacy top-level
 * `decision` (`approve` → allow, `block` → the event's block) where the row honours it; and exactly the
 * `hookSpecificOutput` keys the row lists. Within one output the stronger decision wins, so a legacy
 * `block` beats a `permissionDecision: "allow"`.
 */
export function effectsOfOutput(spec: EventSpec, wire: WireOutput): EffectsResult {
  const effects: { -readonly [K in keyof HookEffects]: HookEffects[K] } = {};
  if (wire.continue === false) {
    effects.continue = false;
    if (wire.stopReason !== undefined) effects.stopReason = wire.stopReason;
  }
  if (wire.systemMessage !== undefined) effects.systemMessage = wire.systemMessage;
  if (wire.suppressOutput !== undefined) effects.suppressOutput = wire.suppressOutput;

  let decision: Decision | undefined;
  let reason: string | undefined;
  const decide = (candidate: Decision, why: string | undefined): void => {
    if (decision === undefined || DECISION_RANK[candidate] > DECISION_RANK[decision]) {
      decision = candidate;
      reason = why;
    }
  };

  if (spec.legacyDecision && wire.decision !== undefined) {
    if (wire.decision === 'block') {
      if (spec.block) decide(spec.block.decision, wire.reason);
    } else if (wire.decision === 'approve') {
      if (spec.decisions.includes('allow')) decide('allow', wire.reason);
    } else {
      return { invalid: `"decision" must be "approve" or "block", got ${JSON.stringify(wire.decision)}` };
    }
  }

  const specific: Partial<Record<SpecificOutputField, unknown>> = {};
  const given = wire.hookSpecificOutput;
  if (given) {
    for (const field of spec.specificOutput) {
      const raw = given[field];
      if (raw === undefined || raw === null) continue;
      const read = specificFieldReaders[field](raw);
      if ('invalid' in read) return { invalid: `hookSpecificOutput.${field} ${read.invalid}` };
      specific[field] = read.value;
    }
  }

  const permission = specific.permissionDecision as Decision | undefined;
  if (permission !== undefined) {
    decide(permission, (specific.permissionDecisionReason as string | undefined) ?? wire.reason);
  }
  const request = specific.decision;
  if (isRecord(request)) {
    decide(request.behavior as Decision, request.message as string | undefined);
    if (isRecord(request.updatedInput)) effects.updatedInput = request.updatedInput;
  }
  if (decision !== undefined) {
    effects.decision = decision;
    const text = reason ?? (decision === 'deny' ? DEFAULT_DENY_REASON : undefined);
    if (text !== undefined) effects.reason = text;
  }
  if (isRecord(specific.updatedInput)) {
    if (!spec.updatedInputRefuses) effects.updatedInput = specific.updatedInput;
    else if (effects.decision !== 'deny') {
      effects.decision = 'deny';
      effects.reason = UPDATED_INPUT_REFUSED;
    }
  }

  const context = (specific.additionalContext as string | undefined) ?? wire.additionalContext;
  if (context !== undefined && spec.specificOutput.includes('additionalContext')) {
    effects.additionalContext = context;
  }

  const rest: Partial<Record<SpecificOutputField, unknown>> = {};
  let hasRest = false;
  for (const field of spec.specificOutput) {
    if (specific[field] === undefined || HANDLED_ABOVE.has(field)) continue;
    rest[field] = specific[field];
    hasRest = true;
  }
  if (request !== undefined) {
    rest.decision = request;
    hasRest = true;
  }
  if (hasRest) effects.specific = rest;
  return { effects };
}

/** Keys turned into first-class effects above; the rest are carried in `effects.specific`. */
const HANDLED_ABOVE: ReadonlySet<SpecificOutputField> = new Set([
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'additionalContext',
  'decision',
]);
