import { ownValue } from '../common/own-value.js';

/**
 * One host tool under the name Claude Code gives the same tool, and the argument keys that differ (the host's
 * key → Claude Code's). Keys not listed keep their name in both directions.
 */
export interface RenamedTool {
  readonly claudeName: string;
  readonly keys: Readonly<Record<string, string>>;
}

/** A host's table of tool renames, read both ways. */
export interface ToolRenames {
  /** The name hooks match for a host tool: Claude Code's where there is one, else the host's own. */
  toolName(hostTool: string): string;
  /** A host tool's arguments under Claude Code's keys. */
  toClaude(hostTool: string, input: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** Arguments under Claude Code's keys back under the host's, for a rewrite the host applies. */
  toHost(hostTool: string, input: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/**
 * The renames of `table` (the hosts whose tools mean the same as Claude Code's under other names: Droid,
 * OpenCode), so that matchers written for Claude Code (`Bash`, `Edit|Write`, `Read`) match their calls
 * unchanged and a rewrite goes back under the host's own keys.
 */
export function toolRenames(table: Readonly<Record<string, RenamedTool>>): ToolRenames {
  const entry = (hostTool: string) => ownValue(table, hostTool);
  const keysOf = (hostTool: string) => entry(hostTool)?.keys ?? {};
  return {
    toolName: (hostTool) => entry(hostTool)?.claudeName ?? hostTool,
    toClaude: (hostTool, input) => renamed(input, keysOf(hostTool)),
    toHost: (hostTool, input) =>
      renamed(
        input,
        Object.fromEntries(Object.entries(keysOf(hostTool)).map(([own, claude]) => [claude, own])),
      ),
  };
}

function renamed(
  input: Readonly<Record<string, unknown>>,
  keys: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [ownValue(keys, key) ?? key, value]));
}
