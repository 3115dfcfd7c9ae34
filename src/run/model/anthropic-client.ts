import type Anthropic from '@anthropic-ai/sdk';
import type {
  ModelClient,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelStopReason,
} from './model-client.js';
import type { ModelSettings } from './resolve-model-settings.js';

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;

/**
 * A client for Anthropic's Messages API through the official SDK, imported here so that only hooks of type
 * prompt or agent ever load it. Retries are off: the hook's timeout is the only clock.
 */
export async function createAnthropicClient(settings: ModelSettings): Promise<ModelClient> {
  const { default: AnthropicSdk } = await import('@anthropic-ai/sdk');
  const client = new AnthropicSdk({
    // Neither key nor token lets the SDK use a configured profile instead.
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    ...(settings.authToken === undefined ? {} : { authToken: settings.authToken }),
    ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
    maxRetries: 0,
    // The library never prints; SDK warnings would land on the host agent's terminal.
    logLevel: 'off',
  });
  return {
    provider: 'anthropic',
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const message = await client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxTokens,
          system: request.system,
          messages: request.messages.map(toAnthropicMessage),
          // The SDK no longer accepts `temperature` (deprecated by the API), so none is sent.
          ...(request.tools === undefined
            ? {}
            : {
                tools: request.tools.map((tool) => ({
                  name: tool.name,
                  description: tool.description,
                  input_schema: { type: 'object' as const, ...tool.inputSchema },
                })),
                tool_choice: { type: 'any' as const },
              }),
          ...(request.responseSchema === undefined
            ? {}
            : {
                output_config: {
                  format: { type: 'json_schema' as const, schema: request.responseSchema.schema },
                },
              }),
        },
        { signal: request.signal, timeout: request.timeoutMs, maxRetries: 0 },
      );
      let text = '';
      const toolCalls: { id: string; name: string; input: unknown }[] = [];
      for (const block of message.content) {
        if (block.type === 'text') text += block.text;
        if (block.type === 'tool_use') toolCalls.push({ id: block.id, name: block.name, input: block.input });
      }
      return {
        text,
        toolCalls,
        stopReason: neutralStopReason(message.stop_reason),
        rawStopReason: message.stop_reason,
        model: message.model,
      };
    },
  };
}

function toAnthropicMessage(message: ModelMessage): MessageParam {
  if (message.role === 'user') return { role: 'user', content: message.text };
  if (message.role === 'assistant') {
    const content: ContentBlockParam[] = [];
    if (message.text !== '') content.push({ type: 'text', text: message.text });
    for (const call of message.toolCalls) {
      content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.input });
    }
    return { role: 'assistant', content };
  }
  const content: ContentBlockParam[] = message.results.map((result) => ({
    type: 'tool_result',
    tool_use_id: result.toolCallId,
    content: result.content,
    is_error: result.isError,
  }));
  if (message.text !== undefined) content.push({ type: 'text', text: message.text });
  return { role: 'user', content };
}

function neutralStopReason(reason: string | null): ModelStopReason {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end';
  if (reason === 'tool_use') return 'tool_use';
  if (reason === 'max_tokens') return 'max_tokens';
  if (reason === 'refusal') return 'refusal';
  return 'other';
}
