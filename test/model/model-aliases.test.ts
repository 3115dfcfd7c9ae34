import { describe, expect, it } from 'vitest';
import { resolveModelSettings } from '../../src/run/model/resolve-model-settings.js';

// Claude Code 2.1.330: prompt hooks accept model aliases; 2.1.332 resolves them on the first-party API so.
const modelOf = (
  handlerModel: string | undefined,
  environment: Record<string, string> = {},
  provider?: 'anthropic' | 'openai',
) => {
  const result = resolveModelSettings(provider ? { provider } : undefined, handlerModel, environment);
  return result.ok ? result.settings.model : result.error;
};

describe('a prompt hook’s model alias', () => {
  it('is the model Claude Code 2.1.332 resolves it to, for Anthropic', () => {
    expect(modelOf('haiku')).toBe('claude-haiku-5-5');
    expect(modelOf('sonnet')).toBe('claude-sonnet-5-5');
    expect(modelOf('opus')).toBe('claude-opus-5-5');
    expect(modelOf(undefined, { HOOKWIRE_MODEL: 'sonnet' })).toBe('claude-sonnet-5-5');
    expect(modelOf('claude-haiku-4-5')).toBe('claude-haiku-4-5');
  });

  it('follows ANTHROPIC_DEFAULT_<ALIAS>_MODEL, and is left alone for an OpenAI-compatible provider', () => {
    expect(modelOf('haiku', { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-haiku-4-5' })).toBe('claude-haiku-4-5');
    expect(modelOf('haiku', {}, 'openai')).toBe('haiku');
  });
});
