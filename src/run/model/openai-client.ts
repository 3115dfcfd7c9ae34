import type OpenAI from 'openai';
import type {
  ModelClient,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelStopReason,
} from './model-client.js';
import type { ModelSettings } from './resolve-model-settings.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** Local servers ignore the key, but the SDK refuses to start without one. */
const PLACEHOLDER_API_KEY = 'hookwire-no-key';

/**
 * A client for any OpenAI-compatible Chat Completions endpoint (OpenAI, llama.cpp, vLLM, Ollama, ...)
 * through the official SDK, imported lazily. Retries are off: the hook's timeout is the only clock.
 */
export async function createOpenAIClient(settings: ModelSettings): Promise<ModelClient> {
  const { default: OpenAISdk } = await import('openai');
  const official = settings.baseURL === undefined || new URL(settings.baseURL).hostname === 'api.openai.com';
  const client = new OpenAISdk({
    apiKey: settings.apiKey ?? (official ? undefined : PLACEHOLDER_API_KEY),
    ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
    maxRetries: 0,
    // The library never prints; SDK warnings would land on the host agent's terminal.
    logLevel: 'off',
  });
  return {
    provider: 'openai',
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const completion = await client.chat.completions.create(
        {
          model: request.model,
          messages: [
            { role: 'system', content: request.system },
            ...request.messages.flatMap(toOpenAIMessages),
          ],
          // OpenAI's reasoning models reject `max_tokens` and any temperature but the default; local servers
          // know `max_tokens` best and honour temperature 0.
          ...(official
            ? { max_completion_tokens: request.maxTokens }
            : { max_tokens: request.maxTokens, temperature: 0 }),
          ...(request.tools === undefined
            ? {}
            : {
                tools: request.tools.map((tool) => ({
                  type: 'function' as const,
                  function: {
                    name: tool.name,
                    description: tool.description,
                    parameters: { ...tool.inputSchema },
                  },
                })),
                tool_choice: 'required' as const,
              }),
          ...(request.responseSchema === undefined
            ? {}
            : {
                response_format: {
                  type: 'json_schema' as const,
                  json_schema: {
                    name: request.responseSchema.name,
                    schema: { ...request.responseSchema.schema },
                  },
                },
              }),
        },
        { signal: request.signal, timeout: request.timeoutMs, maxRetries: 0 },
      );
      const choice = completion.choices[0];
      if (choice === undefined) {
        return { text: '', toolCalls: [], stopReason: 'other', rawStopReason: null, model: completion.model };
      }
      const toolCalls = (choice.message.tool_calls ?? []).flatMap((call) =>
        call.type === 'function'
          ? [{ id: call.id, name: call.function.name, input: decodeArguments(call.function.arguments) }]
          : [],
      );
      const refusal = choice.message.refusal ?? undefined;
      return {
        text: choice.message.content ?? '',
        toolCalls,
        stopReason: refusal === undefined ? neutralStopReason(choice.finish_reason) : 'refusal',
        rawStopReason: choice.finish_reason,
        ...(refusal === undefined ? {} : { refusal }),
        model: completion.model,
      };
    },
  };
}

function toOpenAIMessages(message: ModelMessage): ChatMessage[] {
  if (message.role === 'user') return [{ role: 'user', content: message.text }];
  if (message.role === 'assistant') {
    return [
      {
        role: 'assistant',
        content: message.text === '' ? null : message.text,
        ...(message.toolCalls.length === 0
          ? {}
          : {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: {
                  name: call.name,
                  arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
                },
              })),
            }),
      },
    ];
  }
  const messages: ChatMessage[] = message.results.map((result) => ({
    role: 'tool',
    tool_call_id: result.toolCallId,
    content: result.isError ? `Error: ${result.content}` : result.content,
  }));
  if (message.text !== undefined) messages.push({ role: 'user', content: message.text });
  return messages;
}

/** Arguments that are not JSON stay a string; the tool reports the bad input to the model. */
function decodeArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function neutralStopReason(reason: string | null): ModelStopReason {
  if (reason === 'stop') return 'end';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}
