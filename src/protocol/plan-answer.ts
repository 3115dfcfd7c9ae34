import type { EventSpec, SpecificOutputField } from '../events/event-spec.js';
import type { Outcome } from '../outcome/outcome.js';
import { blockMessage } from './block-message.js';

/**
 * What Claude Code must be told so that it does exactly what a merged outcome says, before it is spelled
 * as a command hook's stdout, stderr and exit code (`toHostAnswer`) or as an http hook's JSON body
 * (`toHttpAnswer`). Notification-only events are not planned: their hooks' output is ignored.
 * - `json`: the common fields and the event's `hookSpecificOutput` fields (without `hookEventName`);
 * - `exit-block`: a block told by exit code 2 with `stderr`, the other fields riding along (`json`);
 * - `plain`: plain stdout the host reads as context, compaction instructions or a worktree path;
 * - `silent`: nothing (WorktreeCreate without a path: the host fails the creation).
 */
export type AnswerPlan =
  | { readonly kind: 'json'; readonly json: JsonFields }
  | { readonly kind: 'exit-block'; readonly json: JsonFields; readonly stderr: string }
  | { readonly kind: 'plain'; readonly text: string }
  | { readonly kind: 'silent' };

/** The JSON an answer carries: the top-level fields, and those under `hookSpecificOutput`. */
export interface JsonFields {
  readonly common: Readonly<Record<string, unknown>>;
  readonly specific: Readonly<Record<string, unknown>>;
}

/**
 * How an event lets a single hook say "block": through `permissionDecision` (PreToolUse), through the
 * `decision` object (PermissionRequest), through the legacy top-level `decision: "block"`, or only through
 * its exit code (events whose JSON has no blocking field), derived from the catalogue row.
 */
type BlockChannel = 'permission-decision' | 'decision-object' | 'legacy-decision' | 'exit-code';

function blockChannelOf(spec: EventSpec): BlockChannel {
  if (spec.specificOutput.includes('permissionDecision')) return 'permission-decision';
  if (spec.specificOutput.includes('decision')) return 'decision-object';
  if (spec.legacyDecision) return 'legacy-decision';
  return 'exit-code';
}

/**
 * The answer to an outcome of an event that reads output (`spec.notificationOnly` false). The mapping per
 * event is documented in docs/cli.md; in short:
 * - a block decided only by hooks that exited 2 (or failed closed) is told by exit 2 and the same stderr,
 *   so the host words it exactly as it would have for the hook itself;
 * - any other block or deny goes through the event's JSON channel with the merged reason;
 * - events whose JSON cannot block (TeammateIdle, WorktreeCreate, Elicitation, ...) block by exit 2.
 */
export function planAnswer(spec: EventSpec, outcome: Outcome): AnswerPlan {
  const common = commonFields(outcome);
  // A worktree path is answered as plain stdout, below.
  const specific = specificFields(spec, outcome, ['worktreePath']);

  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  if (blocked) {
    const message = blockMessage(outcome);
    const channel = blockChannelOf(spec);
    if (message.form === 'exit-code' || channel === 'exit-code') {
      // Exit 2 decides; the other fields (context, system message) ride along in the JSON.
      const rest = specificFields(spec, outcome, ['worktreePath', ...DECISION_FIELDS]);
      const stderr = message.form === 'exit-code' ? message.text : (outcome.reason ?? '');
      return { kind: 'exit-block', json: { common, specific: rest }, stderr };
    }
    if (channel === 'legacy-decision') {
      common.decision = 'block';
      common.reason = outcome.reason ?? '';
    }
    // permission-decision and decision-object: already carried by `specific`.
  }

  if (spec.answersWorktreePath) {
    const path = outcome.hookSpecificOutput.worktreePath;
    // The host reads the path from a command hook's plain stdout; JSON would be taken for the path.
    return typeof path === 'string' ? { kind: 'plain', text: path } : { kind: 'silent' };
  }
  if (spec.plainStdout === 'compaction-instructions' && outcome.additionalContext.length > 0) {
    // The host appends a PreCompact hook's whole stdout to the compaction prompt, so the instructions are
    // answered raw; one hook's JSON comes back byte for byte and is read by the host as it printed it.
    return { kind: 'plain', text: outcome.additionalContext.join('\n') };
  }
  if (plainContextOnly(outcome, spec, common, specific)) {
    return { kind: 'plain', text: outcome.additionalContext.join('\n') };
  }
  return { kind: 'json', json: { common, specific } };
}

/** The fields every event's JSON shares. Only what differs from the host's defaults is written. */
function commonFields(outcome: Outcome): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  if (!outcome.continue) {
    json.continue = false;
    if (outcome.stopReason !== null) json.stopReason = outcome.stopReason;
  }
  const messages = [...outcome.systemMessages, ...noVerdictNotices(outcome)];
  if (messages.length > 0) json.systemMessage = messages.join('\n');
  if (outcome.suppressOutput) json.suppressOutput = true;
  return json;
}

/**
 * Claude Code 2.1.332 tells the user, as a warning tagged `hook_no_verdict`, when a PreToolUse hook gave no
 * verdict (a non-blocking error: a bad exit, invalid output such as two JSON objects; or a timeout) and so did
 * not check the call. Behind `hookwire run` those hooks are hookwire's, so it says the same, in the host's
 * words, as a system message: one line per kind of failure.
 */
function noVerdictNotices(outcome: Outcome): string[] {
  if (outcome.event !== 'PreToolUse') return [];
  const notices = new Set<string>();
  for (const run of outcome.runs) {
    if (run.status === 'timeout')
      notices.add("A hook didn't answer in time, so it didn't check this action.");
    if (run.status === 'non_blocking_error')
      notices.add("A hook gave no usable answer, so it didn't check this action.");
  }
  return [...notices];
}

const DECISION_FIELDS: readonly SpecificOutputField[] = [
  'permissionDecision',
  'permissionDecisionReason',
  'decision',
];

/** The event's `hookSpecificOutput` fields that hooks set, without `omit`. */
function specificFields(
  spec: EventSpec,
  outcome: Outcome,
  omit: readonly SpecificOutputField[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of spec.specificOutput) {
    const value = omit.includes(field) ? undefined : specificValue(field, outcome);
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

/** The merged value of one `hookSpecificOutput` field, or undefined when no hook set it. */
function specificValue(field: SpecificOutputField, outcome: Outcome): unknown {
  const merged = outcome.hookSpecificOutput;
  switch (field) {
    case 'permissionDecision':
      return outcome.decision === 'block' ? 'deny' : (outcome.decision ?? undefined);
    case 'permissionDecisionReason':
      return outcome.decision !== null && outcome.reason !== null ? outcome.reason : undefined;
    case 'updatedInput':
      return outcome.updatedInput ?? merged.updatedInput ?? undefined;
    case 'additionalContext':
      return outcome.additionalContext.length > 0 ? outcome.additionalContext.join('\n') : undefined;
    case 'decision':
      return merged.decision ?? permissionRequestDecision(outcome);
    case 'updatedToolOutput':
    case 'watchPaths':
    case 'worktreePath':
    case 'action':
    case 'content':
    case 'retry':
    case 'llm_request':
    case 'llm_response':
    case 'toolConfig':
      return merged[field] ?? undefined;
  }
}

/** PermissionRequest's decision object, built from the outcome when the merger left none. */
function permissionRequestDecision(outcome: Outcome): unknown {
  if (outcome.decision === 'allow') {
    return outcome.updatedInput
      ? { behavior: 'allow', updatedInput: outcome.updatedInput }
      : { behavior: 'allow' };
  }
  if (outcome.decision === 'deny' || outcome.decision === 'block') {
    return outcome.reason ? { behavior: 'deny', message: outcome.reason } : { behavior: 'deny' };
  }
  return undefined;
}

/**
 * Whether the only thing to say is context that every contributing hook gave as plain stdout, on an event
 * whose plain stdout is context. Then plain stdout is answered too: the host shows plain stdout and JSON
 * `additionalContext` to the model in different words.
 */
function plainContextOnly(
  outcome: Outcome,
  spec: EventSpec,
  json: Record<string, unknown>,
  specific: Record<string, unknown>,
): boolean {
  if (spec.plainStdout !== 'context' || outcome.additionalContext.length === 0) return false;
  if (Object.keys(json).length > 0 || Object.keys(specific).some((key) => key !== 'additionalContext'))
    return false;
  const sources = outcome.trace.additionalContext ?? [];
  const byIndex = new Map(outcome.runs.map((run) => [run.index, run]));
  return sources.length > 0 && sources.every((index) => byIndex.get(index)?.output === null);
}
