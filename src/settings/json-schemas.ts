import { z } from 'zod';
import { SCHEMA_BASE_URL } from '../common/json-schema.js';
import { catalogue } from '../events/catalogue.js';
import { DEEPAGENTS_EVENTS, EVENT_NAMES } from '../events/event-names.js';
import { claudeSettingsSchema, deepAgentsHooksSchema } from './settings-schema.js';

/*
 * The JSON Schemas users point editors at (`"$schema"`), rendered from the same zod schemas the validator
 * uses, plus hints zod cannot express: every event name as a property of `hooks` (with its description),
 * so editors complete and explain them, while other names stay allowed. Committed under schema/ by
 * `npm run generate`; a test fails when they drift.
 */

export { SCHEMA_BASE_URL } from '../common/json-schema.js';

type JsonObject = Record<string, unknown> & { properties: Record<string, JsonObject> };

function render(schema: z.ZodType): JsonObject {
  return z.toJSONSchema(schema, { io: 'input' }) as JsonObject;
}

/** The JSON Schema of Claude-style settings (settings.json, plugin hooks.json). */
export function settingsJsonSchema(): Record<string, unknown> {
  const { $schema, ...schema } = render(claudeSettingsSchema);
  const hooks = schema.properties.hooks as JsonObject & { additionalProperties: unknown };
  const reference = { $ref: '#/$defs/hookDefinitions' };
  return {
    $schema,
    $id: `${SCHEMA_BASE_URL}settings.schema.json`,
    title: 'hookwire settings',
    description:
      'Claude-style hook settings (settings.json, settings.local.json, managed-settings.json, plugin hooks.json) as hookwire reads them. Other top-level keys are allowed.',
    ...schema,
    properties: {
      ...schema.properties,
      hooks: {
        description:
          'Event name → hook definitions. Unknown event names are allowed; their hooks run as notifications (output not honoured).',
        type: 'object',
        properties: Object.fromEntries(
          EVENT_NAMES.map((name) => [name, { ...reference, description: catalogue[name].description }]),
        ),
        additionalProperties: reference,
      },
    },
    $defs: { hookDefinitions: hooks.additionalProperties },
  };
}

/** The JSON Schema of a Deep Agents hooks.json. */
export function deepAgentsJsonSchema(): Record<string, unknown> {
  const { $schema, ...schema } = render(deepAgentsHooksSchema);
  const entry = (schema.properties.hooks as JsonObject & { items: JsonObject }).items;
  const events = entry.properties.events as JsonObject;
  return {
    $schema,
    $id: `${SCHEMA_BASE_URL}deepagents-hooks.schema.json`,
    title: 'Deep Agents hooks.json',
    description:
      'Commands run on Deep Agents Code events (~/.deepagents/hooks.json), as hookwire reads them.',
    ...schema,
    properties: {
      ...schema.properties,
      hooks: {
        ...schema.properties.hooks,
        items: {
          ...entry,
          properties: {
            ...entry.properties,
            events: { ...events, items: { anyOf: [{ enum: [...DEEPAGENTS_EVENTS] }, { type: 'string' }] } },
          },
        },
      },
    },
  };
}
