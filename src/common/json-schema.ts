/**
 * A JSON Schema (draft 2020-12) as plain data, for the schemas hookwire publishes. Loose on purpose: the
 * schemas are built from tables and checked by tests against a validator, not by this type.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The dialect every published schema declares. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Where the published package serves its schemas (schema/ in the package). */
export const SCHEMA_BASE_URL = 'https://unpkg.com/hookwire/schema/';

/** `schema`, or JSON's `null`: hookwire reads a `null` field as absent. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (Object.keys(schema).every((keyword) => keyword === 'description')) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}
