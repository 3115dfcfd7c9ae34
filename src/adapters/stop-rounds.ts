import type { AgentHooks } from './agent-hooks.js';
import { stopFeedback } from './claude-wording.js';

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

/** How to run one round of a turn with a framework's call, and read what it said. */
export interface RoundRunner<RESULT, MESSAGE> {
  call(messages: MESSAGE[]): PromiseLike<RESULT> | RESULT;
  /** Once the round is over: its last assistant text, and the whole conversation to continue from. */
  finish(
    result: NoInfer<RESULT>,
    sent: readonly MESSAGE[],
  ): Promise<{ readonly text: string; readonly conversation: readonly MESSAGE[] }>;
  /** The user message that carries a Stop hook's feedback (its reason, in Claude Code's words) into the next round. */
  continueWith(reason: string): MESSAGE;
}

/**
 * Runs the rounds of a turn: each time the agent would stop, Stop runs; a block continues the conversation
 * with the hook's reason as the next user message (as Claude Code feeds it back), until a Stop lets it end
 * or the engine's Stop cap does (the engine then ignores the block). Yields each round's result as soon as
 * it starts, so streamed rounds can be read before Stop reads their text.
 */
export async function* stopRounds<RESULT, MESSAGE>(
  hooks: AgentHooks,
  first: MESSAGE[],
  runner: RoundRunner<RESULT, MESSAGE>,
): AsyncGenerator<RESULT, void, undefined> {
  let messages = first;
  for (;;) {
    const result = await runner.call(messages);
    yield result;
    const { text, conversation } = await runner.finish(result, messages);
    const stopped = await hooks.stop(text);
    if ('end' in stopped) return;
    messages = [...conversation, runner.continueWith(stopFeedback(stopped.continueWith))];
  }
}

/** Runs every round of a turn and collects them (for calls that return their result at once). */
export async function collectRounds<RESULT>(rounds: AsyncIterable<RESULT>): Promise<HookedTurn<RESULT>> {
  const all: RESULT[] = [];
  for await (const round of rounds) all.push(round);
  return { blocked: false, result: all.at(-1) as RESULT, rounds: all };
}
