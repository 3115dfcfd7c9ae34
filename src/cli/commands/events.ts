import { parseArgs } from 'node:util';
import { renderTable } from '../../common/render-table.js';
import { catalogue } from '../../events/catalogue.js';
import { EVENT_NAMES } from '../../events/event-names.js';
import type { MatcherSubject } from '../../events/event-spec.js';
import { handlerTypes } from '../../events/handler-types.js';
import { inputFieldsOf } from '../../events/lookup.js';

const HELP = `Usage: hookwire events [--json]

Prints the event catalogue: every event hookwire knows, what its matcher is tested against, which handler
types it runs, its default command timeout, and what a block does. --json prints every fact, input
fields included (common fields first). docs/events.md is generated from the same table.
`;

/** `hookwire events`: the catalogue as a table or JSON. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.json) {
    const events = Object.fromEntries(
      EVENT_NAMES.map((name) => [name, { ...catalogue[name], input: inputFieldsOf(name) }]),
    );
    process.stdout.write(`${JSON.stringify(events, null, 2)}\n`);
    return 0;
  }
  const rows = EVENT_NAMES.map((name) => {
    const spec = catalogue[name];
    const subject: MatcherSubject | null = spec.matcher;
    const matcher = subject ? `${subject.field}${subject.basename ? ' (basename)' : ''}` : '-';
    const handlers = spec.handlers.filter((type) => handlerTypes[type].inSettings).join(',');
    const block = spec.notificationOnly ? 'notification' : (spec.block?.decision ?? '-');
    return [name, spec.family, matcher, handlers, `${spec.timeouts.command}s`, block, spec.description];
  });
  process.stdout.write(
    renderTable(['EVENT', 'FAMILY', 'MATCHER', 'HANDLERS', 'TIMEOUT', 'BLOCK', 'DESCRIPTION'], rows),
  );
  return 0;
}
