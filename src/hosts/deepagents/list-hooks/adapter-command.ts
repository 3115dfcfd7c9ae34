import { parseJsonObject } from '../../../common/parse-json-object.js';
import { DEEPAGENTS_EVENTS } from '../../../events/event-names.js';
import { isDeepAgentsEvent } from '../../../events/is-deepagents-event.js';
import type { HostCommandIo } from '../../host.js';
import { ADAPTER_COMMAND } from './convert-to-claude.js';
import { runAdaptedHook } from './run-adapted-hook.js';

const HELP = `Usage: hookwire ${ADAPTER_COMMAND} <deep-agents-event> -- <argv...>

Runs a Deep Agents hook from a Claude-style host (what \`hookwire convert --to claude\` writes): reads the
host's JSON payload on stdin, rebuilds the exact Deep Agents payload {"event": NAME, ...fields} and runs
argv (no shell) with it on stdin, ending its process group after 5 s. Always exits 0: Deep Agents hooks are
fire-and-forget, so nothing they do may block or fail the host. Set HOOKWIRE_DEBUG=1 to see their output.

Events: ${DEEPAGENTS_EVENTS.join(', ')}
`;

/** `hookwire deepagents-adapter EVENT -- ARGV...`: one converted Deep Agents hook. */
export async function runAdapterCommand(io: HostCommandIo): Promise<number> {
  const separator = io.argv.indexOf('--');
  const [event, ...extra] = separator < 0 ? io.argv : io.argv.slice(0, separator);
  const command = separator < 0 ? [] : io.argv.slice(separator + 1);
  if (event === '--help' || event === '-h') {
    io.out(HELP);
    return 0;
  }
  const [program, ...args] = command;
  if (event === undefined || !isDeepAgentsEvent(event) || extra.length > 0 || program === undefined) {
    // Still exit 0: a broken converted hook must not disturb the host; the message goes to its debug log.
    io.err(`hookwire ${ADAPTER_COMMAND}: expected <deep-agents-event> -- <argv...>\n\n${HELP}`);
    return 0;
  }
  const execution = await runAdaptedHook(event, [program, ...args], readPayload(io), {
    cwd: process.cwd(),
    signal: new AbortController().signal,
  });
  if (io.env.HOOKWIRE_DEBUG) io.err(`hookwire ${ADAPTER_COMMAND}: ${JSON.stringify(execution)}\n`);
  return 0;
}

/** The host's payload; an unreadable or non-object payload gives an empty one (fields are then left out). */
function readPayload(io: HostCommandIo): Record<string, unknown> {
  try {
    return parseJsonObject(io.readStdin()) ?? {};
  } catch {
    return {};
  }
}
