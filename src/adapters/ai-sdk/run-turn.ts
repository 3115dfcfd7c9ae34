import type { ModelMessage } from 'ai';
import type { AgentHooks } from '../agent-hooks.js';
import { hookContext } from '../claude-wording.js';
import {
  type BlockedTurn,
  collectRounds,
  type HookedTurn,
  type RoundRunner,
  stopRounds,
} from '../stop-rounds.js';
import { type PromptInput, promptMessages, withContext } from './prompt-messages.js';

/**
 * Starts a turn: SessionStart on the session's first turn, then UserPromptSubmit for the prompt (when the
 * input ends with a user message); their context joins the prompt. Null when a hook blocks the prompt.
 */
export async function beginTurn(
  hooks: AgentHooks,
  input: PromptInput,
): Promise<{ readonly messages: ModelMessage[] } | BlockedTurn> {
  const { messages, promptText } = promptMessages(input);
  const sessionContext = hookContext('SessionStart', (await hooks.start('startup')).context);
  if (promptText === null) return { messages: withContext(messages, sessionContext) };
  const prompted = await hooks.prompt(promptText);
  if (prompted.blocked) return prompted;
  return {
    messages: withContext(messages, [
      ...sessionContext,
      ...hookContext('UserPromptSubmit', prompted.context),
    ]),
  };
}

/** Runs a whole turn and collects its rounds (for calls that return their result at once). */
export async function runTurn<RESULT>(
  hooks: AgentHooks,
  input: PromptInput,
  runner: RoundRunner<RESULT, ModelMessage>,
): Promise<HookedTurn<RESULT> | BlockedTurn> {
  const begun = await beginTurn(hooks, input);
  if ('blocked' in begun) return begun;
  return collectRounds(stopRounds(hooks, begun.messages, runner));
}
