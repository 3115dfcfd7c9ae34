import { isRecord } from '../../common/is-record.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import { type HookEvent, isHookEvent } from './hook-events.js';
import { parsePythonJson } from './python-json.js';
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
    parsed = parsePythonJson(stdout);
  } catch {
    return { handler_id: handlerId, output: null, plain_output: stdout, diagnostics };
  }
  const output = readWireOutput(parsed);
  if (output === null) {
    diagnostics.push(
      warning('invalid_output', 'Hook output failed protocol validation: HookWireOutput', located),
    );
    return { handler_id: handlerId, output: null, plain_output: null, diagnostics };
  }
  return { handler_id: handlerId, output, plain_output: null, diagnostics };
}

/*
 * pydantic's lax mode, which upstream validates with: a bool field takes true/false, 0/1 and the words
 * pydantic knows ("yes", "off", ...), a str field only a string, a Literal only its value. A field typed
 * `bool` (not optional) refuses null.
 */
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** pydantic's lax bool of `value`, or undefined when it is not one. */
export function laxBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === 'string') {
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** The fields of `value` named in `fields` as lax bools (absent stays absent); null when one is not. */
function withBooleans(
  value: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> | null {
  const copy: Record<string, unknown> = { ...value };
  for (const field of fields) {
    if (!(field in value)) continue;
    const bool = laxBoolean(value[field]);
    if (bool === undefined) return null;
    copy[field] = bool;
  }
  return copy;
}

/** `value` read as HookWireOutput (booleans normalised), or null when it fails the schema. */
export function readWireOutput(value: unknown): WireOutput | null {
  if (!isRecord(value)) return null;
  const output = withBooleans(value, ['continue', 'suppressOutput']);
  if (output === null) return null;
  if (isRecord(output.hookSpecificOutput)) {
    const specific = readSpecificOutput(output.hookSpecificOutput);
    if (specific === null) return null;
    output.hookSpecificOutput = specific;
  }
  return isWireOutput(output) ? output : null;
}

function readSpecificOutput(value: Record<string, unknown>): Record<string, unknown> | null {
  const booleans =
    value.hookEventName === 'UserPromptSubmit'
      ? ['suppressOriginalPrompt']
      : value.hookEventName === 'SessionStart'
        ? ['reloadSkills']
        : [];
  const specific = withBooleans(value, booleans);
  if (specific === null) return null;
  if (value.hookEventName === 'PermissionRequest' && isRecord(value.decision)) {
    const decision = withBooleans(value.decision, value.decision.behavior === 'deny' ? ['interrupt'] : []);
    if (decision === null) return null;
    specific.decision = decision;
  }
  return specific;
}

const optional = (value: unknown, check: (value: unknown) => boolean): boolean =>
  value === undefined || value === null || check(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
/** A non-optional field with a default: absent, or valid (null refused). */
const absentOr = (
  record: Record<string, unknown>,
  key: string,
  check: (value: unknown) => boolean,
): boolean => !(key in record) || check(record[key]);

/** The wire schema (`models/wire.py`): typed known fields, `decision` only "block", a known specific output. */
export function isWireOutput(value: unknown): value is WireOutput {
  if (!isRecord(value)) return false;
  if (!absentOr(value, 'continue', isBoolean) || !absentOr(value, 'suppressOutput', isBoolean)) return false;
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
  if (event === 'PermissionRequest' && !isPermissionDecision(value.decision)) return false;
  if (event === 'UserPromptSubmit') {
    if (!absentOr(value, 'suppressOriginalPrompt', isBoolean) || !optional(value.sessionTitle, isString))
      return false;
  }
  if (event === 'SessionStart') {
    for (const key of ['initialUserMessage', 'sessionTitle'])
      if (!optional(value[key], isString)) return false;
    if (!absentOr(value, 'reloadSkills', isBoolean)) return false;
    const paths = value.watchPaths;
    if ('watchPaths' in value && !(Array.isArray(paths) && paths.every(isString))) return false;
  }
  return true;
}

function isPermissionDecision(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (value.behavior === 'allow')
    return optional(value.updatedInput, isRecord) && absentOr(value, 'updatedPermissions', Array.isArray);
  if (value.behavior === 'deny')
    return optional(value.message, isString) && absentOr(value, 'interrupt', isBoolean);
  return false;
}
