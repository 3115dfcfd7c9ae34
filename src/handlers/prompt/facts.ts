import type { HandlerTypeFacts } from '../facts-shape.js';

/** One question to a model, answered with a verdict. */
export const promptFacts = {
  requiredField: 'prompt',
  inSettings: true,
  execArgs: false,
  dedupeKey: 'type-and-field',
  label: 'field',
  defaultTimeoutSeconds: { protocol: 30, deepagents: 5 },
  scopes: ['all'],
  network: 'model',
  pluginPaths: false,
  initCanMove: true,
  background: { detached: true, rewake: false },
} as const satisfies HandlerTypeFacts;
