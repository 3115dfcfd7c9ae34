import type { HandlerTypeFacts } from '../facts-shape.js';

/**
 * A tool on an MCP server Claude Code has configured (Claude Code's fifth handler type, since 2.1.118).
 * Claude Code documents no default timeout: a command's is used. The servers come from MCP configuration
 * (src/settings/mcp/), not from a URL in the settings, so the URL policy has nothing to check.
 * `init` leaves it with Claude Code, whose MCP connections it uses.
 */
export const mcpToolFacts = {
  requiredField: 'tool',
  inSettings: true,
  execArgs: false,
  dedupeKey: 'mcp-call',
  label: 'mcp-call',
  defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
  scopes: ['all', 'no-model'],
  network: 'none',
  pluginPaths: false,
  initCanMove: false,
  background: { detached: true, rewake: false },
} as const satisfies HandlerTypeFacts;
