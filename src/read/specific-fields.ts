import { isRecord } from '../common/is-record.js';
import type { JsonSchema } from '../common/json-schema.js';
import type { SpecificOutputField } from '../events/event-spec.js';
import { describe } from './wire-output.js';

/** A checked `hookSpecificOutput` value, or why it is invalid. */
export type FieldResult = { readonly value: unknown } | { readonly invalid: string };

type FieldReader = (value: unknown) => FieldResult;

/**
 * One `hookSpecificOutput` key: how the reader checks its value, and the same check as JSON Schema for hook
 * authors (schema/hooks/, `hookwire schema hook-output`). Each is built by one helper below from one list
 * of facts, so the two cannot say different things; a test runs both over the same values.
 */
interface SpecificField {
  readonly read: FieldReader;
  readonly schema: JsonSchema;
}

const PERMISSION_DECISIONS = ['allow', 'deny', 'ask', 'defer'] as const;
const ELICITATION_ACTIONS = ['accept', 'decline', 'cancel'] as const;
const BEHAVIORS = new Set(['allow', 'deny']);

function string(description: string): SpecificField {
  return {
    read: (value) =>
      typeof value === 'string' ? { value } : { invalid: `must be a string, got ${describe(value)}` },
    schema: { type: 'string', description },
  };
}

function object(description: string): SpecificField {
  return {
    read: (value) => (isRecord(value) ? { value } : { invalid: `must be an object, got ${describe(value)}` }),
    schema: { type: 'object', description },
  };
}

function oneOf(allowed: readonly string[], description: string): SpecificField {
  const known: ReadonlySet<string> = new Set(allowed);
  return {
    read: (value) =>
      typeof value === 'string' && known.has(value)
        ? { value }
        : { invalid: `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}` },
    schema: { enum: [...allowed], description },
  };
}

/** PermissionRequest's `decision`: `{behavior: "allow", updatedInput?, updatedPermissions?}` or a deny. */
const permissionRequestDecision: SpecificField = {
  read: (value) => {
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
  },
  schema: {
    type: 'object',
    description:
      'The answer to the permission dialog: `{"behavior": "allow", "updatedInput"?: {...}}` or `{"behavior": "deny", "message"?: "..."}`.',
    required: ['behavior'],
    properties: {
      behavior: { enum: [...BEHAVIORS] },
      updatedInput: { type: 'object', description: 'Replaces the tool’s arguments (allow).' },
      message: { type: 'string', description: 'Why, shown to the model (deny).' },
      updatedPermissions: { description: 'Permission rule updates, passed to the host.' },
    },
  },
};

/**
 * Every `hookSpecificOutput` key. An event reads only the keys its catalogue row lists; a listed key with a
 * bad value makes the output invalid.
 */
export const specificFields: Readonly<Record<SpecificOutputField, SpecificField>> = {
  permissionDecision: oneOf(
    PERMISSION_DECISIONS,
    'The tool call’s permission: `deny` > `defer` > `ask` > `allow` across hooks.',
  ),
  permissionDecisionReason: string('Why; shown to the model on a deny, to the user otherwise.'),
  updatedInput: object('Replaces the tool’s arguments (the whole object).'),
  additionalContext: string('Text added to the model’s context.'),
  decision: permissionRequestDecision,
  updatedToolOutput: {
    read: (value) => ({ value }),
    schema: { description: 'Replaces what the tool returned, as the model sees it (any JSON value).' },
  },
  watchPaths: {
    read: (value) =>
      Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? { value }
        : { invalid: `must be an array of strings, got ${describe(value)}` },
    schema: {
      type: 'array',
      items: { type: 'string' },
      description: 'Paths the host watches, firing FileChanged when they change.',
    },
  },
  worktreePath: string('The worktree’s absolute path (plain stdout gives it too).'),
  action: oneOf(ELICITATION_ACTIONS, 'The answer to the elicitation, in the user’s place.'),
  content: object('The elicitation’s form values (with `action: "accept"`).'),
  retry: {
    read: (value) =>
      typeof value === 'boolean' ? { value } : { invalid: `must be a boolean, got ${describe(value)}` },
    schema: { type: 'boolean', description: '`true` lets the model retry the denied tool call.' },
  },
  llm_request: object('Gemini CLI: fields of the model request to send instead, merged over it.'),
  llm_response: object(
    'Gemini CLI: a response in the model’s place (BeforeModel), or the chunk replaced (AfterModel).',
  ),
  toolConfig: object('Gemini CLI: `{mode, allowedFunctionNames}`, the tools the model may call.'),
};

/** How each `hookSpecificOutput` key is checked (`specificFields`' readers). */
export const specificFieldReaders: Readonly<Record<SpecificOutputField, FieldReader>> = Object.fromEntries(
  Object.entries(specificFields).map(([field, { read }]) => [field, read]),
) as Record<SpecificOutputField, FieldReader>;
