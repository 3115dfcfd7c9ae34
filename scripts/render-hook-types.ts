import type { JsonSchema } from '../src/common/json-schema.js';
import { EVENT_NAMES } from '../src/events/event-names.js';
import { hookInputJsonSchema } from '../src/events/hook-input-schema.js';
import { hookOutputJsonSchema } from '../src/read/hook-output-schema.js';

/*
 * src/events/hook-io-types.ts: the TypeScript form of every schema/hooks/<event>.{input,output}.schema.json,
 * rendered from the same schemas (so the types, the schemas and the catalogue cannot disagree), as codex-rs
 * keeps its per-event wire types beside its generated schemas. The output is already biome-formatted.
 * Only the keywords those schemas use are read (type, const, enum, anyOf, properties, required, items); any
 * other keyword is refused, so a new one cannot be silently dropped from the types.
 */

const HEADER = [
  '/*',
  ' * Generated from the event catalogue by `npm run generate` (scripts/render-hook-types.ts); do not edit.',
  ' * One entry per event: the payload a hook receives on stdin (schema/hooks/<event>.input.schema.json) and',
  ' * what a hook may answer (schema/hooks/<event>.output.schema.json). Use them through `HookInput<E>` and',
  ' * `HookOutput<E>` (src/events/hook-io.ts).',
  ' */',
  '',
];

const KNOWN_KEYWORDS = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'anyOf',
  'properties',
  'required',
  'items',
]);

/** The file's text. */
export function renderHookTypes(): string {
  return [
    ...HEADER,
    '/** The JSON object a hook receives on stdin, by event. Hosts add fields of their own. */',
    'export interface HookInputs {',
    ...EVENT_NAMES.flatMap((event) => member(event, hookInputJsonSchema(event), 1)),
    '}',
    '',
    '/** What a hook may answer (a command on stdout, a callback as its return value), by event. */',
    'export interface HookOutputs {',
    ...EVENT_NAMES.flatMap((event) => member(event, hookOutputJsonSchema(event), 1)),
    '}',
    '',
  ].join('\n');
}

function member(name: string, schema: JsonSchema, depth: number, optional = false): string[] {
  const indent = '  '.repeat(depth);
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
  const lines = typeOf(schema, depth);
  lines[0] = `${indent}${key}${optional ? '?' : ''}: ${lines[0]}`;
  lines[lines.length - 1] = `${lines.at(-1)};`;
  const docs =
    typeof schema.description === 'string' ? [`${indent}/** ${comment(schema.description)} */`] : [];
  return [...docs, ...lines];
}

/** The type of one schema, as lines (one line for a scalar, an object literal over several). */
function typeOf(schema: JsonSchema, depth: number): string[] {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(keyword))
      throw new Error(`render-hook-types: keyword "${keyword}" is not rendered`);
  }
  if ('const' in schema) return [literal(schema.const)];
  if (Array.isArray(schema.enum)) return [schema.enum.map(literal).join(' | ')];
  if (Array.isArray(schema.anyOf)) {
    const parts = (schema.anyOf as JsonSchema[]).map((part) => typeOf(part, depth));
    if (parts.some((part) => part.length > 1)) throw new Error('render-hook-types: anyOf of objects');
    return [parts.map((part) => part[0]).join(' | ')];
  }
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  if (types.length === 0) return ['unknown'];
  const rendered = types.map((type) => scalar(type as string, schema, depth));
  const object = rendered.find((lines) => lines.length > 1);
  if (object === undefined) return [rendered.map((lines) => lines[0]).join(' | ')];
  const others = rendered.filter((lines) => lines !== object).map((lines) => lines[0]);
  return [...object.slice(0, -1), [object.at(-1), ...others].join(' | ')];
}

function scalar(type: string, schema: JsonSchema, depth: number): string[] {
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return [type];
    case 'array': {
      const items = schema.items === undefined ? ['unknown'] : typeOf(schema.items as JsonSchema, depth);
      if (items.length > 1) throw new Error('render-hook-types: an array of objects');
      return [/^\w+$/.test(items[0] ?? '') ? `${items[0]}[]` : `Array<${items[0]}>`];
    }
    case 'object': {
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      if (properties === undefined) return ['Record<string, unknown>'];
      const required = new Set((schema.required as string[] | undefined) ?? []);
      return [
        '{',
        ...Object.entries(properties).flatMap(([name, property]) =>
          member(name, property, depth + 1, !required.has(name)),
        ),
        `${'  '.repeat(depth)}}`,
      ];
    }
    default:
      throw new Error(`render-hook-types: type "${type}" is not rendered`);
  }
}

function literal(value: unknown): string {
  return typeof value === 'string'
    ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
    : JSON.stringify(value);
}

/** A description as one doc-comment line: no `*\/` inside. */
function comment(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ');
}
