import type { HandlerTypeFacts } from '../facts-shape.js';

/** The payload POSTed to a URL, under the settings' URL and address policy. */
export const httpFacts = {
  requiredField: 'url',
  inSettings: true,
  execArgs: false,
  dedupeKey: 'field',
  label: 'field',
  defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
  scopes: ['all', 'no-model'],
  network: 'url',
  pluginPaths: false,
  initCanMove: true,
  background: { detached: true, rewake: false },
} as const satisfies HandlerTypeFacts;
