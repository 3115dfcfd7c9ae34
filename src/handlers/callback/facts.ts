import type { HandlerTypeFacts } from '../facts-shape.js';

/** An in-process function, passed in code only: never in a settings file, never in another process. */
export const callbackFacts = {
  requiredField: 'name',
  inSettings: false,
  execArgs: false,
  dedupeKey: 'type-and-field',
  label: 'field',
  defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
  scopes: ['all', 'no-model', 'local'],
  network: 'none',
  pluginPaths: false,
  initCanMove: false,
  background: { detached: false, rewake: false },
} as const satisfies HandlerTypeFacts;
