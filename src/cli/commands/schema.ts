import { parseArgs } from 'node:util';
import { ownValue } from '../../common/own-value.js';
import { EVENT_NAMES } from '../../events/event-names.js';
import { hookInputJsonSchema } from '../../events/hook-input-schema.js';
import { isEventName } from '../../events/lookup.js';
import { outcomeJsonSchema } from '../../outcome/outcome-schema.js';
import { hookOutputJsonSchema } from '../../read/hook-output-schema.js';
import { deepAgentsJsonSchema, settingsJsonSchema } from '../../settings/json-schemas.js';

const SCHEMAS: Record<string, () => unknown> = {
  settings: settingsJsonSchema,
  deepagents: deepAgentsJsonSchema,
  outcome: outcomeJsonSchema,
};

/** The schemas of one event, for hook authors: `hookwire schema hook-input EVENT`. */
const EVENT_SCHEMAS: Record<string, (event: (typeof EVENT_NAMES)[number]) => unknown> = {
  'hook-input': hookInputJsonSchema,
  'hook-output': hookOutputJsonSchema,
};

const HELP = `Usage: hookwire schema [${Object.keys(SCHEMAS).join('|')}]
       hookwire schema ${Object.keys(EVENT_SCHEMAS).join('|')} EVENT

Prints a JSON Schema (default: settings), the same as the package's schema/ files: the settings, a Deep
Agents hooks.json, an outcome; or, for one event, what a hook receives on stdin (hook-input) and what it may
print on stdout (hook-output), as in schema/hooks/.
`;

/** `hookwire schema`: prints one of the JSON Schemas. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [name = 'settings', event, ...rest] = positionals;
  // Own properties only: `schema constructor` names no schema, not Object.prototype's.
  const perEvent = ownValue(EVENT_SCHEMAS, name);
  if (perEvent !== undefined && rest.length === 0) {
    if (event === undefined || !isEventName(event)) {
      const given = event === undefined ? 'no event given' : `unknown event "${event}"`;
      process.stderr.write(`hookwire schema ${name}: ${given}; the events are: ${EVENT_NAMES.join(', ')}\n`);
      return 2;
    }
    return print(perEvent(event));
  }
  const render = ownValue(SCHEMAS, name);
  if (!render || positionals.length > 1) {
    process.stderr.write(`hookwire schema: unknown schema "${positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  return print(render());
}

function print(schema: unknown): number {
  process.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
  return 0;
}
