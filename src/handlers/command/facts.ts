import type { HandlerTypeFacts } from '../facts-shape.js';

/** A shell command, or a program and its `args`. Timeouts are the protocol's ("Running a command hook"). */
export const commandFacts = {
  requiredField: 'command',
  inSettings: true,
  execArgs: true,
  dedupeKey: 'command-line',
  label: 'command-line',
  defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
  scopes: ['all', 'no-model', 'local'],
  network: 'none',
  pluginPaths: true,
  initCanMove: true,
  background: { detached: true, rewake: true },
} as const satisfies HandlerTypeFacts;
