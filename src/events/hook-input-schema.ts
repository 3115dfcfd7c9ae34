import { JSON_SCHEMA_DIALECT, type JsonSchema, SCHEMA_BASE_URL } from '../common/json-schema.js';
import type { EventName } from './event-names.js';
import type { FieldType } from './event-spec.js';
import { eventSpec, inputFieldsOf } from './lookup.js';

/*
 * The JSON Schema of the payload a hook receives on stdin for one event, derived from its catalogue row and
 * its family's common fields. Hosts add fields faster than any catalogue, so other keys are allowed.
 * Committed as schema/hooks/<event>.input.schema.json.
 */

const JSON_TYPES: Readonly<Record<FieldType, JsonSchema>> = {
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  array: { type: 'array' },
  'string[]': { type: 'array', items: { type: 'string' } },
  any: {},
};

/** The JSON Schema of a hook's stdin payload for `event` (`hookwire schema hook-input EVENT`). */
export function hookInputJsonSchema(event: EventName): JsonSchema {
  const spec = eventSpec(event);
  const nameField = spec.family === 'deepagents' ? 'event' : 'hook_event_name';
  const fields = Object.entries(inputFieldsOf(event));
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: `${SCHEMA_BASE_URL}hooks/${event}.input.schema.json`,
    title: `${event} hook input`,
    description: `The JSON object a hook receives on stdin for ${event}: ${spec.description}`,
    type: 'object',
    required: fields.filter(([, field]) => field.required).map(([name]) => name),
    properties: Object.fromEntries(
      fields.map(([name, field]) => [
        name,
        {
          ...JSON_TYPES[field.type],
          ...(name === nameField ? { const: event } : {}),
          description: field.description,
        },
      ]),
    ),
  };
}
