import { isRecord } from '../../common/is-record.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import { type HookEvent, isHookEvent } from './hook-events.js';
import type { HookProcessOutcome } from './run-hook-command.js';

/*
 * Reading one handler's process outcome as upstream's `runner.py` does. Exit 2: stdout is ignored and the
 * result is a block whose reason is the trimmed stderr. Any other non-zero exit: a `nonzero_exit`
 * diagnostic, output discarded. Exit 0: blank stdout is nothing, text that is not JSON is plain output,
 * and JSON that fails the wire schema (HookWireOutput) is `invalid_output`, dropped whole. Unknown keys are
 * kept here: the reducer reports each top-level one.
 */

/** A parsed wire output: the JSON object a hook printed, checked against the schema. */
export type WireOutput = Readonly<Record<string, unknown>>;

/** One handler's result, the reducer's input (upstream `HookHandlerResult`). */
export interface HookResult {
  readonly handler_id: string | null;
  readonly output?: WireOutput | null;
  readonly plain_output?: string | null;
  readonly diagnostics?: readonly HookDiagnostic[];
}

/** The events whose output may carry a `hookSpecificOutput`. */
const SPECIFIC_EVENTS: ReadonlySet<HookEvent> = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
]);

/** The result of the process outcome `outcome` of the handler `handlerId`. */
export function readHookOutcome(outcome: HookProcessOutcome, handlerId: string): HookResult {
  const diagnostics = [...outcome.diagnostics];
  const located = { handler_id: handlerId };
  if (outcome.kind !== 'exited')
    return { handler_id: handlerId, output: null, plain_output: null, diagnostics };
  if (outcome.exitCode === 2) {
    const reason = outcome.stderr.trim() || 'Hook blocked the operation';
    return { handler_id: handlerId, output: { decision: 'block', reason }, plain_output: null, diagnostics };
  }
  if (outcome.exitCode !== 0) {
    diagnostics.push(warning('nonzero_exit', `Hook exited with status ${outcome.exitCode}`, located));
    return { handler_id: handlerId, output: null, plain_output: null, diagnostics };
  }
  const stdout = outcome.stdout.trim();
  if (stdout === '') return { handler_id: handlerId, output: null, plain_output: null, diagnostics };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { handler_id: handlerId, output: null, plain_output: stdout, diagnostics };
  }
  if (!isWireOutput(parsed)) {
    diagnostics.push(
      warning('invalid_output', 'Hook output failed protocol validation: HookWireOutput', located),
    );
    return { handler_id: handlerId, output: null, plain_output: null, diagnostics };
  }
  return { handler_id: handlerId, output: parsed, plain_output: null, diagnostics };
}

const optional = (value: unknown, check: (value: unknown) => boolean): boolean =>
  value === undefined || value === null || check(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

/** The wire schema (`models/wire.py`): typed known fields, `decision` only "block", a known specific output. */
export function isWireOutput(value: unknown): value is WireOutput {
  if (!isRecord(value)) return false;
  if (!optional(value.continue, isBoolean) || !optional(value.suppressOutput, isBoolean)) return false;
  for (const key of ['stopReason', 'systemMessage', 'terminalSequence', 'reason'])
    if (!optional(value[key], isString)) return false;
  if (!optional(value.decision, (decision) => decision === 'block')) return false;
  return optional(value.hookSpecificOutput, isSpecificOutput);
}

function isSpecificOutput(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const event = value.hookEventName;
  if (typeof event !== 'string' || !isHookEvent(event) || !SPECIFIC_EVENTS.has(event)) return false;
  if (!optional(value.additionalContext, isString)) return false;
  if (event === 'PreToolUse') {
    const decision = value.permissionDecision;
    if (!optional(decision, (d) => d === 'allow' || d === 'deny' || d === 'ask' || d === 'defer'))
      return false;
    if (!optional(value.permissionDecisionReason, isString) || !optional(value.updatedInput, isRecord))
      return false;
  }
  if (event === 'PermissionRequest' && !optional(value.decision, isPermissionDecision)) return false;
  if (event === 'UserPromptSubmit') {
    if (!optional(value.suppressOriginalPrompt, isBoolean) || !optional(value.sessionTitle, isString))
      return false;
  }
  return true;
}

function isPermissionDecision(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (value.behavior === 'allow')
    return optional(value.updatedInput, isRecord) && optional(value.updatedPermissions, Array.isArray);
  if (value.behavior === 'deny')
    return optional(value.message, isString) && optional(value.interrupt, isBoolean);
  return false;
}
