import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { loadModule } from './load-module.js';

/** `createEngine` as the contract in src/engine/engine.ts describes it. */
export type CreateEngine = (options: EngineOptions & Record<string, unknown>) => Promise<Engine>;

/** Loads `createEngine`, or the reason the engine is not there yet. */
export async function loadCreateEngine(): Promise<CreateEngine | Error> {
  const loaded = await loadModule<{ createEngine?: CreateEngine }>('engine/create-engine.ts');
  if (loaded instanceof Error) return loaded;
  return loaded.createEngine ?? new Error('src/engine/create-engine.ts exports no createEngine');
}
