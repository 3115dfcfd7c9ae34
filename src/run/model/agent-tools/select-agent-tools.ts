import type { AgentTool } from './agent-tool.js';
import { globTool } from './glob-tool.js';
import { grepTool } from './grep-tool.js';
import { readTool } from './read-tool.js';
import { transcriptTool } from './transcript-tool.js';

/** Every read-only tool an agent hook can have, by the name used in a handler's `tools`. */
export const AGENT_TOOLS: readonly AgentTool[] = [readTool, grepTool, globTool, transcriptTool];

/**
 * The tools a handler asked for: all of them when `tools` is absent, else only those named (exact,
 * case-sensitive names). Unknown names are returned so the run can report them.
 */
export function selectAgentTools(names: readonly string[] | undefined): {
  tools: readonly AgentTool[];
  unknown: readonly string[];
} {
  if (names === undefined) return { tools: AGENT_TOOLS, unknown: [] };
  return {
    tools: AGENT_TOOLS.filter((tool) => names.includes(tool.name)),
    unknown: names.filter((name) => !AGENT_TOOLS.some((tool) => tool.name === name)),
  };
}
