/** Which API prompt and agent hooks talk to. `openai` means any OpenAI-compatible endpoint. */
export type ModelProvider = 'anthropic' | 'openai';

/**
 * Engine settings for prompt and agent hooks. Every field falls back to the environment (see
 * resolveModelSettings); a handler's own `model` overrides `defaultModel`.
 */
export interface ModelOptions {
  /** Default: HOOKWIRE_MODEL_PROVIDER, else `anthropic`. */
  readonly provider?: ModelProvider;
  /** Default: ANTHROPIC_BASE_URL or OPENAI_BASE_URL, by provider; else the SDK's own default. */
  readonly baseURL?: string;
  /** Default: ANTHROPIC_API_KEY or OPENAI_API_KEY, by provider. */
  readonly apiKey?: string;
  /** Default: HOOKWIRE_MODEL, else `claude-haiku-4-5` for Anthropic; OpenAI-compatible servers have no default. */
  readonly defaultModel?: string;
}
