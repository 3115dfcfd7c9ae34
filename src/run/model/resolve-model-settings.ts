import { ownValue } from '../../common/own-value.js';
import type { ModelOptions, ModelProvider } from './model-options.js';

/** A small, fast model: a hook verdict should cost little and arrive quickly. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

/**
 * The model aliases a prompt hook's `model` may name (Claude Code 2.1.330), as Claude Code 2.1.332 resolves
 * them on the first-party API; `ANTHROPIC_DEFAULT_<ALIAS>_MODEL` overrides one, as in Claude Code.
 */
export const ANTHROPIC_MODEL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  haiku: 'claude-haiku-5-5',
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
  fable: 'claude-fable-5-2',
});

/** The environment variable naming the provider (`anthropic`, `openai`). */
const PROVIDER_VARIABLE = 'HOOKWIRE_MODEL_PROVIDER';
/** The environment variable naming the model, below the handler's and the engine's. */
const MODEL_VARIABLE = 'HOOKWIRE_MODEL';

/** Everything a model client needs, with the environment already applied. */
export interface ModelSettings {
  readonly provider: ModelProvider;
  readonly model: string;
  readonly baseURL: string | undefined;
  readonly apiKey: string | undefined;
  /**
   * Anthropic only, when there is no key: ANTHROPIC_AUTH_TOKEN, read here rather than by the SDK, which would
   * read process.env, and a daemon's is not the event's.
   */
  readonly authToken: string | undefined;
}

/** The settings, or why there are none (reported as the hook's failure, never thrown). */
export type ModelSettingsResult =
  | { readonly ok: true; readonly settings: ModelSettings }
  | { readonly ok: false; readonly error: string; readonly provider: string };

/**
 * Applies the precedence handler `model` > engine options > environment > built-in default.
 * `environment` is a parameter so tests never depend on the real process environment.
 */
export function resolveModelSettings(
  options: ModelOptions | undefined,
  handlerModel: string | undefined,
  environment: Readonly<Record<string, string | undefined>>,
): ModelSettingsResult {
  const providerName = options?.provider ?? nonEmpty(environment[PROVIDER_VARIABLE]) ?? 'anthropic';
  const provider = parseProvider(providerName);
  if (provider === undefined) {
    return {
      ok: false,
      provider: providerName,
      error: `unknown model provider "${providerName}" (${PROVIDER_VARIABLE} must be anthropic or openai)`,
    };
  }
  const prefix = provider === 'anthropic' ? 'ANTHROPIC' : 'OPENAI';
  const builtInModel = provider === 'anthropic' ? DEFAULT_ANTHROPIC_MODEL : undefined;
  const named =
    nonEmpty(handlerModel) ??
    nonEmpty(options?.defaultModel) ??
    nonEmpty(environment[MODEL_VARIABLE]) ??
    builtInModel;
  const model = provider === 'anthropic' && named !== undefined ? aliased(named, environment) : named;
  if (model === undefined) {
    return {
      ok: false,
      provider,
      error:
        `no model for the openai provider: set ${MODEL_VARIABLE}, the engine option model.defaultModel, ` +
        'or `model` on the handler',
    };
  }
  const apiKey = nonEmpty(options?.apiKey) ?? nonEmpty(environment[`${prefix}_API_KEY`]);
  return {
    ok: true,
    settings: {
      provider,
      model,
      baseURL: nonEmpty(options?.baseURL) ?? nonEmpty(environment[`${prefix}_BASE_URL`]),
      apiKey,
      authToken:
        provider === 'anthropic' && apiKey === undefined
          ? nonEmpty(environment.ANTHROPIC_AUTH_TOKEN)
          : undefined,
    },
  };
}

function parseProvider(name: string): ModelProvider | undefined {
  if (name === 'anthropic') return 'anthropic';
  // Local servers (llama.cpp, vLLM, Ollama) are reached through the OpenAI-compatible API.
  if (name === 'openai' || name === 'openai-compatible') return 'openai';
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** An Anthropic model alias (`haiku`, `sonnet`, ...) as the model it stands for; any other name as given. */
function aliased(model: string, environment: Readonly<Record<string, string | undefined>>): string {
  const alias = ownValue(ANTHROPIC_MODEL_ALIASES, model);
  if (alias === undefined) return model;
  return nonEmpty(environment[`ANTHROPIC_DEFAULT_${model.toUpperCase()}_MODEL`]) ?? alias;
}
