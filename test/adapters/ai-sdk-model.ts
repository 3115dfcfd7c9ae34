import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/** One model answer: tool calls, or a final text. */
export type ScriptedAnswer =
  | { readonly toolCalls: readonly { name: string; input: Record<string, unknown>; id: string }[] }
  | { readonly text: string };

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/**
 * The AI SDK's own mock model (`ai/test`), answering from a script by call index (both generate and
 * stream); past the script's end it answers `answer N`. It records every call's prompt.
 */
export function scriptedModel(script: readonly ScriptedAnswer[]): MockLanguageModelV3 {
  let calls = 0;
  const next = (): ScriptedAnswer => script[calls++] ?? { text: `answer ${calls}` };
  const content = (answer: ScriptedAnswer): LanguageModelV3Content[] =>
    'text' in answer
      ? [{ type: 'text', text: answer.text }]
      : answer.toolCalls.map((call) => ({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.input),
        }));
  const finishReason = (answer: ScriptedAnswer) => ({
    unified: 'text' in answer ? ('stop' as const) : ('tool-calls' as const),
    raw: undefined,
  });
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const answer = next();
      return { content: content(answer), finishReason: finishReason(answer), usage, warnings: [] };
    },
    doStream: async () => {
      const answer = next();
      const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      for (const part of content(answer)) {
        if (part.type === 'text') {
          parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text });
          parts.push({ type: 'text-end', id: 't' });
        } else parts.push(part as LanguageModelV3StreamPart);
      }
      parts.push({ type: 'finish', finishReason: finishReason(answer), usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

/** What the model was sent as tool results in a call: `{toolCallId: output}`. */
export function toolOutputsSent(call: LanguageModelV3CallOptions): Record<string, unknown> {
  const outputs: Record<string, unknown> = {};
  for (const message of call.prompt)
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result') outputs[part.toolCallId] = part.output;
  return outputs;
}

/** Every user text the model was sent in a call, in order. */
export function userTextsSent(call: LanguageModelV3CallOptions): string[] {
  return call.prompt.flatMap((message) =>
    message.role === 'user'
      ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      : [],
  );
}
