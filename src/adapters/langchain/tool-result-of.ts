import { isCommand } from '@langchain/langgraph';
import { type BaseMessage, ToolMessage } from 'langchain';

/** How a tool call ended, as the after-tool moments need it: success with its output, or an error's text. */
export type ToolResult =
  | { readonly status: 'success'; readonly output: unknown }
  | { readonly status: 'error'; readonly error: string };

function stringOf(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

function fromMessage(message: ToolMessage): ToolResult {
  return message.status === 'error'
    ? { status: 'error', error: stringOf(message.content) }
    : { status: 'success', output: message.content };
}

/** The messages a Command's update adds: `update.messages`, or the `messages` pairs of a list update. */
function updateMessages(update: unknown): readonly unknown[] {
  if (Array.isArray(update)) {
    return update.flatMap((entry) =>
      Array.isArray(entry) && entry[0] === 'messages' ? [entry[1]].flat() : [],
    );
  }
  if (typeof update !== 'object' || update === null) return [];
  const messages = (update as { messages?: unknown }).messages;
  return messages === undefined ? [] : [messages].flat();
}

/**
 * What a tool call returned, whatever form it took, so that every call that returned fires an after-tool
 * moment: a ToolMessage (its status and content); a LangGraph `Command` (Deep Agents' `write_file`,
 * `edit_file` and `task` return one) by the ToolMessage for this call in its update, else its update as
 * the output; anything else (a middleware's own result) as the output itself.
 */
export function toolResultOf(result: unknown, toolCallId: string): ToolResult {
  if (ToolMessage.isInstance(result)) return fromMessage(result);
  if (isCommand(result)) {
    const answer = updateMessages(result.update).find(
      (message): message is ToolMessage =>
        ToolMessage.isInstance(message as BaseMessage) &&
        (message as ToolMessage).tool_call_id === toolCallId,
    );
    return answer === undefined ? { status: 'success', output: result.update ?? null } : fromMessage(answer);
  }
  return { status: 'success', output: result };
}
