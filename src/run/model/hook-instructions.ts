import { catalogue } from '../../events/catalogue.js';
import { EVENT_NAMES } from '../../events/event-names.js';

/*
 * The system prompts of prompt and agent hooks. The hook's own `prompt` is the user message; these only
 * say what kind of answer is expected, so the hook author's words stay in charge of the judgement.
 */

/** Events where a block sends the agent back to work, from the catalogue, named alphabetically. */
const CONTINUING_EVENTS = EVENT_NAMES.filter((name) => catalogue[name].blockContinues !== null)
  .sort()
  .join(' or ');

const VERDICT_RULES = [
  'Answer {"ok": true} when there is no objection.',
  'Answer {"ok": false, "reason": "..."} to block; the reason is shown to the agent, so make it actionable.',
  `For a ${CONTINUING_EVENTS} event, add "impossible": true when the goal cannot be reached at all,`,
  'so the agent may stop instead of being sent back to work.',
].join('\n');

/** The system prompt of a prompt hook: one JSON object, nothing else. */
export const PROMPT_HOOK_INSTRUCTIONS = [
  'You are a hook in an AI agent: you judge one event (a tool call, a prompt, the end of a turn, ...)',
  'described by the JSON payload in the message. Reply with a single JSON object and nothing else.',
  VERDICT_RULES,
].join('\n');

/** The system prompt of an agent hook, naming the tools it was given. */
export function agentHookInstructions(toolNames: readonly string[], verdictToolName: string): string {
  const tools = toolNames.length === 0 ? 'no tools besides the verdict' : toolNames.join(', ');
  return [
    'You are a hook in an AI agent: you judge one event described by the JSON payload in the message.',
    `You may investigate with read-only tools (${tools}); paths are relative to the project directory and`,
    'nothing outside it can be read. Be brief: use as few tool calls as you need.',
    `Finish by calling ${verdictToolName} exactly once with your verdict; a plain text answer does not count.`,
    VERDICT_RULES,
  ].join('\n');
}
