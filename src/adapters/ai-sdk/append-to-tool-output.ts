import type { Tool } from 'ai';

/** What the model is sent as a tool's result (the SDK's `ToolResultOutput`, which `ai` does not export). */
export type ToolModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/**
 * Adds hook context (PreToolUse and PostToolUse `additionalContext`, a PostToolUse block reason) to a tool's
 * result as the model sees it, after the result, as Claude Code shows it beside the tool's output. A JSON
 * result becomes text (its JSON, then the context), the only form that carries both.
 */
export function appendToToolOutput(output: ToolModelOutput, context: readonly string[]): ToolModelOutput {
  if (context.length === 0) return output;
  const text = context.join('\n\n');
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { ...output, value: `${output.value}\n\n${text}` };
    case 'json':
    case 'error-json':
      return {
        type: output.type === 'json' ? 'text' : 'error-text',
        value: `${JSON.stringify(output.value)}\n\n${text}`,
      };
    case 'content':
      return { ...output, value: [...output.value, { type: 'text', text }] };
    case 'execution-denied':
      return { ...output, reason: [output.reason, text].filter((part) => part !== undefined).join('\n\n') };
  }
}
