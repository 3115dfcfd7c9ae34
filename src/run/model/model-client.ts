import type { ModelProvider } from './model-options.js';

/** A tool the model may call; `inputSchema` is a JSON Schema object. */
export interface ModelTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly [key: string]: unknown };
}

/** One tool call the model made. `input` is whatever the model sent, already decoded (or the raw text). */
export interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The answer to one tool call, sent back on the next turn. */
export interface ModelToolResult {
  readonly toolCallId: string;
  readonly name: string;
  readonly content: string;
  readonly isError: boolean;
}

/**
 * A conversation in provider-neutral form; each client maps it to its own wire format. `tool_results`
 * answers every call of the assistant turn before it, with an optional reminder text after them.
 */
export type ModelMessage =
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly ModelToolCall[] }
  | { readonly role: 'tool_results'; readonly results: readonly ModelToolResult[]; readonly text?: string };

/** One request: a turn of the conversation. */
export interface ModelRequest {
  readonly model: string;
  readonly system: string;
  readonly messages: readonly ModelMessage[];
  /** When set the model must call one of these (agent hooks). */
  readonly tools?: readonly ModelTool[];
  /** When set the answer must be JSON matching this schema (prompt hooks). */
  readonly responseSchema?: { readonly name: string; readonly schema: { readonly [key: string]: unknown } };
  readonly maxTokens: number;
  readonly signal: AbortSignal;
  /** Milliseconds left for this request; the SDK's own timeout, so a hung server cannot outlive the hook. */
  readonly timeoutMs: number;
}

/** Why the model stopped, in neutral terms. */
export type ModelStopReason = 'end' | 'tool_use' | 'max_tokens' | 'refusal' | 'other';

/** One turn's answer. */
export interface ModelResponse {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
  readonly stopReason: ModelStopReason;
  /** The provider's own stop reason, for reports. */
  readonly rawStopReason: string | null;
  /** The refusal text, when the API reports one apart from the answer. */
  readonly refusal?: string;
  /** The model that answered, as the API names it. */
  readonly model: string;
}

/** A provider behind one method. Rejects on API, network, timeout and abort errors (see describeModelError). */
export interface ModelClient {
  readonly provider: ModelProvider;
  complete(request: ModelRequest): Promise<ModelResponse>;
}
