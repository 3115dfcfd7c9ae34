/*
 * Claude Code's wording for what hooks tell the model, so that prompts and hooks written for Claude Code read
 * the same in every adapter (the LangChain middleware writes the same text).
 */

/** The events whose `additionalContext` the adapters pass to the model. */
export type ContextEvent =
  | 'SessionStart'
  | 'UserPromptSubmit'
  | 'PreToolUse'
  | 'PostToolUse'
  | 'PostToolUseFailure';

/** Each piece of an event's context as a system reminder, as Claude Code wraps hook context. */
export function hookContext(event: ContextEvent, context: readonly string[]): string[] {
  return context.map(
    (text) => `<system-reminder>\n${event} hook additional context: ${text}\n</system-reminder>`,
  );
}

/** A PostToolUse block's reason, for the model (the tool already ran). */
export function postToolUseFeedback(reason: string): string {
  return `PostToolUse hook feedback:\n${reason}`;
}

/** A Stop block's reason, as the user message that continues the agent. */
export function stopFeedback(reason: string): string {
  return `Stop hook feedback:\n${reason}`;
}
