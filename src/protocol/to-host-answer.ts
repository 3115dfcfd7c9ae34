import type { EventSpec, SpecificOutputField } from '../events/event-spec.js';
import { specOf, unknownEventWarning } from '../events/lookup.js';
import type { HookRun, Outcome } from '../outcome/outcome.js';
import { blockMessage } from './block-message.js';

/** What one Claude Code command hook prints and how it exits. */
export interface HostAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
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

const nothing: HostAnswer = { stdout: '', stderr: '', exitCode: 0 };

/**
 * The answer a single Claude Code hook would give so that the host does exactly what the merged outcome
 * says: stdout JSON (or plain stdout where the host reads it so), stderr and exit code. Used by
 * `hookwire run`. The mapping per event is documented in docs/cli.md; in short:
 * - a block decided only by hooks that exited 2 (or failed closed) is answered with exit 2 and the same
 *   stderr, so the host words it exactly as it would have for the hook itself;
 * - any other block or deny goes through the event's JSON channel with the merged reason;
 * - events whose JSON cannot block (TeammateIdle, WorktreeCreate, Elicitation, ...) block by exit 2;
 * - notification-only events answer nothing (the host ignores their output); for an event the catalogue
 *   does not know, stderr says so (exit 0, so the host ignores it too).
 * Non-blocking failures of the hooks are listed on stderr with exit 0: the host ignores stderr on exit 0,
 * and the action proceeds, as it would after a non-blocking error.
 */
export function toHostAnswer(outcome: Outcome): HostAnswer {
  const spec = specOf(outcome.event);
  const failures = failureLines(outcome);
  if (spec.notificationOnly) {
    const unknown = unknownEventWarning(outcome.event);
    return { ...nothing, stderr: unknown === undefined ? failures : `hookwire: ${unknown}\n${failures}` };
  }

  const json: Record<string, unknown> = commonFields(outcome);
  // A worktree path is answered as plain stdout, below.
  const specific = specificFields(spec, outcome, ['worktreePath']);

  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  if (blocked) {
    const message = blockMessage(outcome);
    const channel = blockChannelOf(spec);
    if (message.form === 'exit-code' || channel === 'exit-code') {
      // Exit 2 decides; the other fields (context, system message) ride along in the JSON.
      const rest = specificFields(spec, outcome, ['worktreePath', ...DECISION_FIELDS]);
      const text = message.form === 'exit-code' ? message.text : (outcome.reason ?? '');
      return withJson(json, rest, outcome.event, text, 2);
    }
    if (channel === 'legacy-decision') {
      json.decision = 'block';
      json.reason = outcome.reason ?? '';
    }
    // permission-decision and decision-object: already carried by `specific`.
  }

  if (spec.answersWorktreePath) {
    const path = outcome.hookSpecificOutput.worktreePath;
    // The host reads the path from a command hook's plain stdout; JSON would be taken for the path.
    return typeof path === 'string' ? { stdout: `${path}\n`, stderr: failures, exitCode: 0 } : nothing;
  }

  if (spec.plainStdout === 'compaction-instructions' && outcome.additionalContext.length > 0) {
    // The host appends a PreCompact hook's whole stdout to the compaction prompt, so the instructions are
    // answered raw; one hook's JSON comes back byte for byte and is read by the host as it printed it.
    return { stdout: `${outcome.additionalContext.join('\n')}\n`, stderr: failures, exitCode: 0 };
  }
  if (plainContextOnly(outcome, spec, json, specific)) {
    return { stdout: `${outcome.additionalContext.join('\n')}\n`, stderr: failures, exitCode: 0 };
  }
  return withJson(json, specific, outcome.event, failures, 0);
}

function withJson(
  json: Record<string, unknown>,
  specific: Record<string, unknown>,
  event: string,
  stderr: string,
  exitCode: number,
): HostAnswer {
  const body =
    Object.keys(specific).length > 0
      ? { ...json, hookSpecificOutput: { hookEventName: event, ...specific } }
      : json;
  const stdout = Object.keys(body).length > 0 ? `${JSON.stringify(body)}\n` : '';
  return { stdout, stderr, exitCode };
}

/** The fields every event's JSON shares. Only what differs from the host's defaults is written. */
function commonFields(outcome: Outcome): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  if (!outcome.continue) {
    json.continue = false;
    if (outcome.stopReason !== null) json.stopReason = outcome.stopReason;
  }
  if (outcome.systemMessages.length > 0) json.systemMessage = outcome.systemMessages.join('\n');
  if (outcome.suppressOutput) json.suppressOutput = true;
  return json;
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

/**
 * One line per hook that failed without blocking, for whoever reads hookwire's stderr: `hookwire: [<label>]
 * <what happened>`. The reader's messages already start with `[<label>]: `, which is not said twice.
 */
function failureLines(outcome: Outcome): string {
  return outcome.runs
    .filter((run) => run.status === 'non_blocking_error' || run.status === 'timeout')
    .map((run) => `hookwire: [${run.command}] ${failureText(run)}\n`)
    .join('');
}

function failureText(run: HookRun): string {
  const error = run.error ?? (run.status === 'timeout' ? 'timed out' : 'failed');
  const prefix = `[${run.command}]: `;
  return error.startsWith(prefix) ? error.slice(prefix.length) : error;
}
