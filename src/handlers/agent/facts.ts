import type { HandlerTypeFacts } from '../facts-shape.js';

/** A model with read-only tools, for several turns, answered with a verdict. */
export const agentFacts = {
  requiredField: 'prompt',
  inSettings: true,
  execArgs: false,
  dedupeKey: 'type-and-field',
  label: 'field',
  defaultTimeoutSeconds: { protocol: 60, deepagents: 5 },
  scopes: ['all'],
  network: 'model',
  pluginPaths: false,
  initCanMove: true,
  background: { detached: true, rewake: false },
} as const satisfies HandlerTypeFacts;
