import { readFileSync } from 'node:fs';
import { parseJsonObject } from '../../common/parse-json-object.js';
import { DEEPAGENTS_EVENTS } from '../../events/event-names.js';
import { isDeepAgentsEvent } from '../../events/is-deepagents-event.js';
import { runAdaptedHook } from '../../hosts/deepagents/list-hooks/run-adapted-hook.js';

const HELP = `Usage: hookwire deepagents-adapter <deep-agents-event> -- <argv...>

Runs a Deep Agents hook from a Claude-style host (what \`hookwire convert --to claude\` writes): reads the
host's JSON payload on stdin, rebuilds the exact Deep Agents payload {"event": NAME, ...fields} and runs
argv (no shell) with it on stdin, ending its process group after 5 s. Always exits 0: Deep Agents hooks are
fire-and-forget, so nothing they do may block or fail the host. Set HOOKWIRE_DEBUG=1 to see their output.

Events: ${DEEPAGENTS_EVENTS.join(', ')}
`;

/** `hookwire deepagents-adapter EVENT -- ARGV...`: one converted Deep Agents hook. */
export async function run(argv: string[]): Promise<number> {
  const separator = argv.indexOf('--');
  const [event, ...extra] = separator < 0 ? argv : argv.slice(0, separator);
  const command = separator < 0 ? [] : argv.slice(separator + 1);
  if (event === '--help' || event === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  const [program, ...args] = command;
  if (event === undefined || !isDeepAgentsEvent(event) || extra.length > 0 || program === undefined) {
    // Still exit 0: a broken converted hook must not disturb the host; the message goes to its debug log.
    process.stderr.write(`hookwire deepagents-adapter: expected <deep-agents-event> -- <argv...>\n\n${HELP}`);
    return 0;
  }
  const execution = await runAdaptedHook(event, [program, ...args], readPayload(), {
    cwd: process.cwd(),
    signal: new AbortController().signal,
  });
  if (process.env.HOOKWIRE_DEBUG) {
    process.stderr.write(`hookwire deepagents-adapter: ${JSON.stringify(execution)}\n`);
  }
  return 0;
}

/** The host's payload; an unreadable or non-object payload gives an empty one (fields are then left out). */
function readPayload(): Record<string, unknown> {
  try {
    return parseJsonObject(readFileSync(0, 'utf8')) ?? {};
  } catch {
    return {};
  }
}
