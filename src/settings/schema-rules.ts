import settingsSchema from '../../schema/settings.schema.json' with { type: 'json' };
import type { SettingsHandlerType } from '../events/handler-types.js';
import { formatJsonPath, type JSONPath } from './json-document.js';

/*
 * The loader's field checks, read from the committed JSON Schema (schema/settings.schema.json), which
 * `npm run generate` renders from the zod schemas of settings-schema.ts and a test keeps in step with them.
 * So the zod schemas stay the one source of every rule, and `hookwire run` checks each of them without
 * loading zod on its hot path (docs/performance.md, "zod and the hot path"). Only the keywords that
 * z.toJSONSchema writes for these schemas are understood; a rule with any other keyword is a problem, so a
 * constraint added to the schemas can never be skipped silently (and a test lists the keywords in use).
 */

/** A JSON Schema, as far as the settings schemas use it. */
export interface SchemaRule {
  readonly type?: 'string' | 'boolean' | 'number' | 'integer' | 'array' | 'object';
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly minLength?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly items?: SchemaRule;
  readonly properties?: Readonly<Record<string, SchemaRule>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: SchemaRule;
  readonly propertyNames?: SchemaRule;
  readonly description?: string;
}

/** The keywords `ruleProblems` checks (or, for `description` and `propertyNames`, need not). */
export const CHECKED_KEYWORDS: readonly string[] = [
  'type',
  'const',
  'enum',
  'minLength',
  'exclusiveMinimum',
  'maximum',
  'items',
  'properties',
  'required',
  'additionalProperties',
  // JSON object keys are strings already: `{"type": "string"}` is the only rule zod writes here.
  'propertyNames',
  'description',
];

/** One rule broken: where (relative to the checked value) and why. */
export interface RuleProblem {
  readonly path: JSONPath;
  readonly message: string;
}

/** Where the committed schema keeps the rules of definitions and handlers. */
const definitionRule = (settingsSchema as unknown as { $defs: { hookDefinitions: { items: SchemaRule } } })
  .$defs.hookDefinitions.items;
const handlerUnion = definitionRule.properties?.hooks?.items as { oneOf: readonly SchemaRule[] };
const handlerRules = handlerUnion.oneOf.map((rule) => [rule.properties?.type?.const, rule] as const);

/** The rule of a handler of `type`, as the schema's union holds it. */
export function handlerRule(type: SettingsHandlerType): SchemaRule {
  const found = handlerRules.find(([constant]) => constant === type);
  // The handler-type table and the schema map are checked against each other at compile time.
  if (found === undefined) throw new Error(`no schema for ${type} handlers`);
  return found[1];
}

/** The rule of a hook definition's own keys (`matcher`, `sequential`, `async`; `hooks` is read apart). */
export function definitionFlagsRule(): SchemaRule {
  const { hooks: _hooks, ...properties } = definitionRule.properties ?? {};
  return { ...definitionRule, properties, required: [] };
}

const TYPE_WORDS: Record<NonNullable<SchemaRule['type']>, string> = {
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
  integer: 'an integer',
  array: 'a list',
  object: 'an object',
};

/** Every rule `value` breaks, each with its path below `value`. Never throws. */
export function ruleProblems(value: unknown, rule: SchemaRule, path: JSONPath = []): RuleProblem[] {
  const problem = (message: string): RuleProblem[] => [
    { path, message: `${formatJsonPath(path)} ${message}, got ${shown(value)}` },
  ];
  const unknown = Object.keys(rule).filter((keyword) => !CHECKED_KEYWORDS.includes(keyword));
  if (unknown.length > 0) {
    return [
      { path, message: `${formatJsonPath(path)} cannot be checked: its rule uses ${unknown.join(', ')}` },
    ];
  }
  if (rule.type !== undefined && !hasType(value, rule.type))
    return problem(`must be ${TYPE_WORDS[rule.type]}`);
  if ('const' in rule && value !== rule.const) return problem(`must be ${JSON.stringify(rule.const)}`);
  if (rule.enum !== undefined && !rule.enum.includes(value)) {
    const choices = rule.enum.map((choice) => JSON.stringify(choice));
    return problem(
      `must be ${choices.slice(0, -1).join(', ')}${choices.length > 1 ? ' or ' : ''}${choices.at(-1)}`,
    );
  }
  if (typeof value === 'string' && rule.minLength !== undefined && value.length < rule.minLength) {
    return problem(
      rule.minLength === 1 ? 'must not be empty' : `must be at least ${rule.minLength} characters`,
    );
  }
  if (typeof value === 'number') {
    if (rule.exclusiveMinimum !== undefined && !(value > rule.exclusiveMinimum)) {
      return problem(`must be greater than ${rule.exclusiveMinimum}`);
    }
    if (rule.maximum !== undefined && !(value <= rule.maximum))
      return problem(`must be at most ${rule.maximum}`);
  }
  if (Array.isArray(value) && rule.items !== undefined) {
    const items = rule.items;
    return value.flatMap((item, index) => ruleProblems(item, items, [...path, index]));
  }
  if (isObject(value)) return objectProblems(value, rule, path);
  return [];
}

function objectProblems(value: Record<string, unknown>, rule: SchemaRule, path: JSONPath): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const key of rule.required ?? []) {
    if (!Object.hasOwn(value, key)) {
      problems.push({ path: [...path, key], message: `${formatJsonPath([...path, key])} is required` });
    }
  }
  for (const [key, item] of Object.entries(value)) {
    const keyRule =
      rule.properties !== undefined && Object.hasOwn(rule.properties, key)
        ? rule.properties[key]
        : rule.additionalProperties;
    if (keyRule !== undefined) problems.push(...ruleProblems(item, keyRule, [...path, key]));
  }
  return problems;
}

function hasType(value: unknown, type: NonNullable<SchemaRule['type']>): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
    case 'number':
      return typeof value === type && !(type === 'number' && !Number.isFinite(value));
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value for a message: short, whatever its size. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isObject(value)) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
