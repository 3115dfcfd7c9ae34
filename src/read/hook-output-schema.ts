import { JSON_SCHEMA_DIALECT, type JsonSchema, orNull, SCHEMA_BASE_URL } from '../common/json-schema.js';
import type { EventName } from '../events/event-names.js';
import { eventSpec } from '../events/lookup.js';
import { specificFields } from './specific-fields.js';
import { WIRE_FIELD_TYPES } from './wire-output.js';

/*
 * The JSON Schema of what a command hook may print for one event, derived from its catalogue row and the
 * reader's own tables (`WIRE_FIELD_TYPES`, `specificFields`): an object the schema accepts is one the reader
 * reads without calling it invalid. Unknown keys are allowed, as the reader ignores them; `null` reads as
 * absent. Committed as schema/hooks/<event>.output.schema.json.
 */

const COMMON_FIELDS: Readonly<Record<keyof typeof WIRE_FIELD_TYPES, string>> = {
  continue: '`false` stops the agent after this event, whatever else hooks decided.',
  stopReason: 'Shown to the user with `continue: false`.',
  suppressOutput: 'Hides the hook’s stdout from the transcript view.',
  systemMessage: 'A warning shown to the user.',
  decision: 'Legacy decision: not honoured on this event.',
  reason: 'Why, with a legacy `decision`.',
  additionalContext: 'Not honoured on this event.',
};

/** The JSON Schema of a command hook's stdout JSON for `event` (`hookwire schema hook-output EVENT`). */
export function hookOutputJsonSchema(event: EventName): JsonSchema {
  const spec = eventSpec(event);
  const header = {
    $schema: JSON_SCHEMA_DIALECT,
    $id: `${SCHEMA_BASE_URL}hooks/${event}.output.schema.json`,
    title: `${event} hook output`,
  };
  if (spec.notificationOnly) {
    return {
      ...header,
      description: `What a command hook prints for ${event}: its hooks run, but nothing they print is read, so any output is accepted.`,
    };
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [field, type] of Object.entries(WIRE_FIELD_TYPES)) {
    properties[field] = orNull({ type, description: COMMON_FIELDS[field as keyof typeof COMMON_FIELDS] });
  }
  if (spec.legacyDecision) {
    properties.decision = orNull({
      enum: ['approve', 'block'],
      description: spec.block
        ? `\`block\` blocks (as exit 2 does), with \`reason\`${spec.decisions.includes('allow') ? '; `approve` allows' : ''}.`
        : 'Read, but nothing on this event can be blocked.',
    });
  }
  if (spec.specificOutput.includes('additionalContext')) {
    properties.additionalContext = orNull(specificFields.additionalContext.schema);
  }
  properties.hookSpecificOutput = orNull({
    type: 'object',
    description: `Fields only ${event} reads.`,
    properties: {
      hookEventName: { const: event, description: 'When given, the event’s name.' },
      ...Object.fromEntries(
        spec.specificOutput.map((field) => [field, orNull(specificFields[field].schema)]),
      ),
    },
  });
  return {
    ...header,
    description: `What a command hook may print on stdout for ${event}: one JSON object, the whole of stdout, read on any exit code (exit 2 ${spec.block ? 'blocks whatever it says' : 'does not block'}). Unknown keys are ignored; a known key of the wrong type makes the output invalid.`,
    type: 'object',
    properties,
  };
}
