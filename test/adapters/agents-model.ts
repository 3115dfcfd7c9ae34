import {
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents';

/** One model answer: tool calls, or a final text. */
export type ScriptedAnswer =
  | { readonly toolCalls: readonly { name: string; input: Record<string, unknown>; id: string }[] }
  | { readonly text: string };

/**
 * A scripted implementation of the Agents SDK's `Model` interface (the SDK ships no mock model): it answers
 * from a script by call index, past its end `answer N`, and records every request. No network.
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #calls = 0;

  constructor(private readonly script: readonly ScriptedAnswer[]) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const output = this.#answer(request);
    return { usage: new Usage(), output, responseId: `response-${this.#calls}` };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const output = this.#answer(request);
    for (const item of output as { type: string; content?: { text: string }[] }[])
      for (const part of item.content ?? []) yield { type: 'output_text_delta', delta: part.text };
    const usage = { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    const response = { id: `response-${this.#calls}`, usage, output };
    yield { type: 'response_done', response } as StreamEvent;
  }

  #answer(request: ModelRequest): AgentOutputItem[] {
    this.requests.push(request);
    const answer = this.script[this.#calls++] ?? { text: `answer ${this.#calls}` };
    if ('text' in answer)
      return [
        {
          type: 'message',
          id: `message-${this.#calls}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: answer.text }],
        },
      ];
    return answer.toolCalls.map((call) => ({
      type: 'function_call',
      id: `item-${call.id}`,
      callId: call.id,
      name: call.name,
      arguments: JSON.stringify(call.input),
      status: 'completed',
    }));
  }
}

function itemsOf(request: ModelRequest): AgentInputItem[] {
  return typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;
}

/** What the model was sent as tool results in a request: `{callId: text}`. */
export function toolOutputsSent(request: ModelRequest): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const item of itemsOf(request))
    if (item.type === 'function_call_result')
      outputs[item.callId] =
        typeof item.output === 'string' ? item.output : ((item.output as { text?: string }).text ?? '');
  return outputs;
}

/** Every user text the model was sent in a request, in order. */
export function userTextsSent(request: ModelRequest): string[] {
  return itemsOf(request).flatMap((item) => {
    if (!('role' in item) || item.role !== 'user') return [];
    if (typeof item.content === 'string') return [item.content];
    return (item.content as { type: string; text?: string }[]).flatMap((part) =>
      part.type === 'input_text' ? [part.text ?? ''] : [],
    );
  });
}
