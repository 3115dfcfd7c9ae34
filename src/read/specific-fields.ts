import { isRecord } from '../common/is-record.js';
import type { SpecificOutputField } from '../events/event-spec.js';
import { describe } from './wire-output.js';

/** A checked `hookSpecificOutput` value, or why it is invalid. */
export type FieldResult = { readonly value: unknown } | { readonly invalid: string };

type FieldReader = (value: unknown) => FieldResult;

const PERMISSION_DECISIONS = new Set(['allow', 'deny', 'ask', 'defer']);
const ELICITATION_ACTIONS = new Set(['accept', 'decline', 'cancel']);
const BEHAVIORS = new Set(['allow', 'deny']);

const string: FieldReader = (value) =>
  typeof value === 'string' ? { value } : { invalid: `must be a string, got ${describe(value)}` };

const object: FieldReader = (value) =>
  isRecord(value) ? { value } : { invalid: `must be an object, got ${describe(value)}` };

function oneOf(allowed: ReadonlySet<string>): FieldReader {
  return (value) =>
    typeof value === 'string' && allowed.has(value)
      ? { value }
      : { invalid: `must be one of ${[...allowed].join(', ')}, got ${JSON.stringify(value)}` };
}

/** PermissionRequest's `decision`: `{behavior: "allow", updatedInput?, updatedPermissions?}` or a deny. */
const permissionRequestDecision: FieldReader = (value) => {
  if (!isRecord(value)) return { invalid: `must be an object, got ${describe(value)}` };
  if (typeof value.behavior !== 'string' || !BEHAVIORS.has(value.behavior)) {
    return { invalid: `.behavior must be "allow" or "deny", got ${JSON.stringify(value.behavior)}` };
  }
  if (value.updatedInput !== undefined && !isRecord(value.updatedInput)) {
    return { invalid: `.updatedInput must be an object, got ${describe(value.updatedInput)}` };
  }
  if (value.message !== undefined && typeof value.message !== 'string') {
    return { invalid: `.message must be a string, got ${describe(value.message)}` };
  }
  return { value };
};

/**
 * How each `hookSpecificOutput` key is checked. An event reads only the keys its catalogue row lists;
 * a listed key with a bad value makes the output invalid.
 */
export const specificFieldReaders: Readonly<Record<SpecificOutputField, FieldReader>> = {
  permissionDecision: oneOf(PERMISSION_DECISIONS),
  permissionDecisionReason: string,
  updatedInput: object,
  additionalContext: string,
  decision: permissionRequestDecision,
  updatedToolOutput: (value) => ({ value }),
  watchPaths: (value) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? { value }
      : { invalid: `must be an array of strings, got ${describe(value)}` },
  worktreePath: string,
  action: oneOf(ELICITATION_ACTIONS),
  content: object,
  retry: (value) =>
    typeof value === 'boolean' ? { value } : { invalid: `must be a boolean, got ${describe(value)}` },
  llm_request: object,
  llm_response: object,
  toolConfig: object,
};
