import type { ModelMessage } from 'ai';

/** The input of a call as messages, and the text of the prompt hooks see. */
export interface PromptMessages {
  readonly messages: ModelMessage[];
  /** The last message's text when it is the user's (the prompt UserPromptSubmit sees); otherwise null. */
  readonly promptText: string | null;
}

/** The SDK's two ways to give the input of a call: `prompt` (a string or messages) or `messages`. */
export interface PromptInput {
  readonly prompt?: string | ModelMessage[] | undefined;
  readonly messages?: ModelMessage[] | undefined;
}

/** Normalises a call's `prompt` or `messages` into messages, so context can be added to the prompt. */
export function promptMessages(input: PromptInput): PromptMessages {
  const given = input.prompt ?? input.messages ?? [];
  const messages: ModelMessage[] =
    typeof given === 'string' ? [{ role: 'user', content: given }] : [...given];
  const last = messages.at(-1);
  if (last?.role !== 'user') return { messages, promptText: null };
  const promptText =
    typeof last.content === 'string'
      ? last.content
      : last.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return { messages, promptText };
}

/**
 * Adds hook context (SessionStart, UserPromptSubmit) to the prompt as extra text parts of the last user
 * message: the model reads it with the prompt, as Claude Code places it beside the user's turn, and the
 * caller's messages are not changed.
 */
export function withContext(messages: readonly ModelMessage[], context: readonly string[]): ModelMessage[] {
  const last = messages.at(-1);
  if (context.length === 0 || last?.role !== 'user') return [...messages];
  const parts =
    typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
  const added = context.map((text) => ({ type: 'text' as const, text }));
  return [...messages.slice(0, -1), { ...last, content: [...parts, ...added] }];
}
