import { parseArgs } from 'node:util';
import { outcomeJsonSchema } from '../../outcome/outcome-schema.js';
import { deepAgentsJsonSchema, settingsJsonSchema } from '../../settings/json-schemas.js';

const SCHEMAS: Record<string, () => unknown> = {
  settings: settingsJsonSchema,
  deepagents: deepAgentsJsonSchema,
  outcome: outcomeJsonSchema,
};

const HELP = `Usage: hookwire schema [${Object.keys(SCHEMAS).join('|')}]

Prints a JSON Schema (default: settings), the same as the package's schema/ files.
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
  const name = positionals[0] ?? 'settings';
  const render = SCHEMAS[name];
  if (!render || positionals.length > 1) {
    process.stderr.write(`hookwire schema: unknown schema "${positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(render(), null, 2)}\n`);
  return 0;
}
