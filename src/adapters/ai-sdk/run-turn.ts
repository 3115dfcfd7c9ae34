import type { ModelMessage } from 'ai';
import type { AgentHooks } from '../agent-hooks.js';
import { type PromptInput, promptMessages, withContext } from './prompt-messages.js';

/** A turn UserPromptSubmit blocked: the model was not called. */
export interface BlockedTurn {
  readonly blocked: true;
  /** The hook's reason, for the user (Claude Code shows it and drops the prompt). */
  readonly reason: string;
}

/** A turn that ran: `result` is its last round; `rounds` every round, one more per Stop block. */
export interface HookedTurn<RESULT> {
  readonly blocked: false;
  readonly result: RESULT;
  readonly rounds: readonly RESULT[];
}

/** How to run one round of a turn with a framework call, and read what it said. */
export interface RoundRunner<RESULT> {
  call(messages: ModelMessage[]): PromiseLike<RESULT> | RESULT;
  /** The round's last assistant text and the messages it added, once it is over. */
  finish(
    result: NoInfer<RESULT>,
  ): Promise<{ readonly text: string; readonly messages: readonly ModelMessage[] }>;
}

/**
 * Starts a turn: SessionStart on the session's first turn, then UserPromptSubmit for the prompt (when the
 * input ends with a user message); their context joins the prompt. Null when a hook blocks the prompt.
 */
export async function beginTurn(
  hooks: AgentHooks,
  input: PromptInput,
): Promise<{ readonly messages: ModelMessage[] } | BlockedTurn> {
  const { messages, promptText } = promptMessages(input);
  const { context: sessionContext } = await hooks.start('startup');
  if (promptText === null) return { messages: withContext(messages, sessionContext) };
  const prompted = await hooks.prompt(promptText);
  if (prompted.blocked) return prompted;
  return { messages: withContext(messages, [...sessionContext, ...prompted.context]) };
}

/**
 * Runs the rounds of a turn: each time the agent would stop, Stop runs; a block continues the conversation
 * with the hook's reason as the next user message (as Claude Code feeds it back), until a Stop lets it end
 * or the engine's Stop cap does.
 */
export async function* runRounds<RESULT>(
  hooks: AgentHooks,
  first: ModelMessage[],
  runner: RoundRunner<RESULT>,
): AsyncGenerator<RESULT, void, undefined> {
  let messages = first;
  for (;;) {
    const result = await runner.call(messages);
    yield result;
    const { text, messages: added } = await runner.finish(result);
    const stopped = await hooks.stop(text);
    if ('end' in stopped) return;
    messages = [...messages, ...added, { role: 'user', content: stopped.continueWith }];
  }
}

/** Runs a whole turn and collects its rounds (for calls that return their result at once). */
export async function runTurn<RESULT>(
  hooks: AgentHooks,
  input: PromptInput,
  runner: RoundRunner<RESULT>,
): Promise<HookedTurn<RESULT> | BlockedTurn> {
  const begun = await beginTurn(hooks, input);
  if ('blocked' in begun) return begun;
  const rounds: RESULT[] = [];
  for await (const round of runRounds(hooks, begun.messages, runner)) rounds.push(round);
  return { blocked: false, result: rounds.at(-1) as RESULT, rounds };
}
