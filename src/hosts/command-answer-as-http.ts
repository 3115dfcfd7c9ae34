import { parseJsonObject } from '../common/parse-json-object.js';
import type { Outcome } from '../outcome/outcome.js';
import type { CommandAnswer, IncomingEvent } from './host.js';

/**
 * The http answer of a host that has no http hooks of its own (Gemini CLI, Codex, Copilot CLI), for a client
 * that asks `hookwire serve` with `?host=NAME`: the JSON the host reads from a command hook's stdout, in the
 * host's own words (Gemini's `BeforeTool`, Copilot's top-level `permissionDecision`), built by its command
 * encoder. Where that encoder answers by exit code instead, the body says it as JSON: exit 2 (a block, the
 * reason on stderr) as `decision: "block"` with the reason over whatever stdout held; any other code (an
 * error the host does not block on) as the stdout's JSON with stderr as a `systemMessage`. A client that
 * must reproduce the command answer exactly asks for it instead (`?answer=command`: `hookwire run --server`).
 */
export function commandAnswerAsHttp(
  command: (outcome: Outcome, incoming?: IncomingEvent) => CommandAnswer,
): (outcome: Outcome, incoming?: IncomingEvent) => Record<string, unknown> {
  return (outcome, incoming) => {
    const answer = command(outcome, incoming);
    const json = parseJsonObject(answer.stdout.trim()) ?? {};
    const told = answer.stderr.trim();
    if (answer.exitCode === 2) return { ...json, decision: 'block', reason: told || 'Blocked by hook' };
    if (answer.exitCode !== 0 && told !== '' && json.systemMessage === undefined) {
      return { ...json, systemMessage: told };
    }
    return json;
  };
}
