import type { ModelProvider } from './model-options.js';

/**
 * The npm package each provider's client is built on. Both are optional peers of hookwire (most users run
 * no model hooks, and the two SDKs are most of an install), so a hook must say which one to install.
 */
export const MODEL_SDK_PACKAGES = {
  anthropic: '@anthropic-ai/sdk',
  openai: 'openai',
} as const satisfies Record<ModelProvider, string>;

/**
 * Whether `error` is Node failing to find the package `name` itself: `ERR_MODULE_NOT_FOUND` from `import()`
 * ("Cannot find package 'openai' imported from …") or `MODULE_NOT_FOUND` from the run bundle's `require()`
 * ("Cannot find module 'openai'"). A module missing inside an installed SDK names another path, and stays
 * an ordinary failure.
 */
export function isPackageMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = error instanceof Error ? error.message : '';
  return message.includes(`'${name}'`);
}
