import { ownValue } from '../../common/own-value.js';

/**
 * GitHub Copilot CLI's built-in tools under the names Claude Code gives the same tools, as Copilot itself
 * names them when it runs a hook configured with Claude Code's event names (observed in 1.0.102,
 * docs/hosts/copilot.md): so a `Bash` or `Edit|Write` matcher means the same under Copilot. A tool not
 * listed (`read_bash`, `sql`, an MCP tool) keeps its own name.
 */
export const COPILOT_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  bash: 'Bash',
  view: 'Read',
  create: 'Write',
  edit: 'Edit',
  grep: 'Grep',
  glob: 'Glob',
  task: 'Task',
  web_fetch: 'WebFetch',
});

/**
 * Copilot's argument names for a file tool and Claude Code's for the same argument (`view`, `create` and
 * `edit` take `path`; Claude Code's Read, Write and Edit `file_path`). A hook reads both: the Claude Code
 * name is added beside Copilot's. A rewritten input goes back under Copilot's names (`toCopilotArgs`).
 */
const ARGUMENT_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  view: { path: 'file_path' },
  create: { path: 'file_path', file_text: 'content' },
  edit: { path: 'file_path', old_str: 'old_string', new_str: 'new_string' },
};

/** Every Claude Code name of an argument and Copilot's name for it, whatever the tool. */
const CLAUDE_TO_COPILOT: ReadonlyMap<string, string> = new Map(
  Object.values(ARGUMENT_ALIASES).flatMap((aliases) =>
    Object.entries(aliases).map(([copilot, claude]) => [claude, copilot] as const),
  ),
);

/** `toolArgs` with Claude Code's names added beside Copilot's for a file tool. */
export function toClaudeToolInput(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const aliases = ownValue(ARGUMENT_ALIASES, tool);
  if (aliases === undefined) return args;
  const input = { ...args };
  for (const [copilot, claude] of Object.entries(aliases)) {
    if (copilot in args && !(claude in args)) input[claude] = args[copilot];
  }
  return input;
}

/**
 * A hook's `updatedInput` as Copilot's `modifiedArgs`, which replace the call's arguments whole: each Claude
 * Code name goes back to Copilot's (its value wins over the copy of the old one under Copilot's name).
 */
export function toCopilotArgs(input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!CLAUDE_TO_COPILOT.has(key)) args[key] = value;
  }
  for (const [key, value] of Object.entries(input)) {
    const copilot = CLAUDE_TO_COPILOT.get(key);
    if (copilot !== undefined) args[copilot] = value;
  }
  return args;
}
