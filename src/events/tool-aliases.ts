import { ownValue } from '../common/own-value.js';

/**
 * Claude Code's legacy tool names and the tools they now name (its alias table, 2.1.332). Matchers and `if`
 * rules written with an old name still match the tool, and a tool's old names are tried against a regex
 * matcher (`Tas.*` matches `Agent`), as Claude Code does, so a guard written for `Task` keeps running.
 */
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  ListPeers: 'ListAgents',
  Brief: 'SendUserMessage',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
  ReadMcpResourceDir: 'ReadMcpResourceDirTool',
  ProposeGoal: 'SetGoal',
});

const legacyByTool = new Map<string, string[]>();
for (const [legacy, tool] of Object.entries(LEGACY_TOOL_NAMES)) {
  legacyByTool.set(tool, [...(legacyByTool.get(tool) ?? []), legacy]);
}
const NONE: readonly string[] = Object.freeze([]);

/** The name a tool has now: a legacy name's tool, any other name itself. */
export function currentToolName(name: string): string {
  return ownValue(LEGACY_TOOL_NAMES, name) ?? name;
}

/** The legacy names of a tool (`Agent` → `Task`); empty for most. */
export function legacyNamesOf(tool: string): readonly string[] {
  return legacyByTool.get(tool) ?? NONE;
}
