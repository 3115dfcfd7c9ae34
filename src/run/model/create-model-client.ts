import type { ModelClient } from './model-client.js';
import type { ModelSettings } from './resolve-model-settings.js';

/** The client for the settings' provider; each provider's SDK is imported only when first used. */
export async function createModelClient(settings: ModelSettings): Promise<ModelClient> {
  if (settings.provider === 'anthropic') {
    const { createAnthropicClient } = await import('./anthropic-client.js');
    return createAnthropicClient(settings);
  }
  const { createOpenAIClient } = await import('./openai-client.js');
  return createOpenAIClient(settings);
}
