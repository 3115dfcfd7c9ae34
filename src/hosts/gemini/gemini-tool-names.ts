import { ownValue } from '../../common/own-value.js';

/**
 * One Gemini CLI tool under the name Claude Code gives the same tool, and the argument keys that differ
 * (Gemini's key → Claude Code's). Keys not listed keep their name in both directions.
 */
export interface GeminiTool {
  readonly claudeName: string;
  readonly keys: Readonly<Record<string, string>>;
}

/**
 * Gemini CLI 0.61's built-in tools (their names and parameters read from its bundle, docs/hosts/gemini.md),
 * so that matchers written for Claude Code (`Bash`, `Edit|Write`, `Read`) match Gemini's calls unchanged.
 * Only renames that mean the same are made: `read_file`'s `start_line`/`end_line` count lines where Claude
 * Code's `offset`/`limit` count from and how many, so they keep Gemini's keys.
 */
export const GEMINI_TOOLS: Readonly<Record<string, GeminiTool>> = Object.freeze({
  run_shell_command: { claudeName: 'Bash', keys: { is_background: 'run_in_background' } },
  write_file: { claudeName: 'Write', keys: {} },
  replace: { claudeName: 'Edit', keys: { allow_multiple: 'replace_all' } },
  read_file: { claudeName: 'Read', keys: {} },
  glob: { claudeName: 'Glob', keys: { dir_path: 'path' } },
  grep_search: { claudeName: 'Grep', keys: { dir_path: 'path', include_pattern: 'glob' } },
  list_directory: { claudeName: 'LS', keys: { dir_path: 'path' } },
  google_web_search: { claudeName: 'WebSearch', keys: {} },
  web_fetch: { claudeName: 'WebFetch', keys: {} },
  write_todos: { claudeName: 'TodoWrite', keys: {} },
  ask_user: { claudeName: 'AskUserQuestion', keys: {} },
  activate_skill: { claudeName: 'Skill', keys: {} },
  invoke_agent: { claudeName: 'Task', keys: {} },
  enter_plan_mode: { claudeName: 'EnterPlanMode', keys: {} },
  exit_plan_mode: { claudeName: 'ExitPlanMode', keys: {} },
});

/** The name hooks match for a Gemini tool: Claude Code's where there is one, else Gemini's own. */
export function claudeToolName(geminiTool: string, mcp?: { server: string; tool: string }): string {
  if (mcp !== undefined) return `mcp__${mcp.server}__${mcp.tool}`;
  return ownValue(GEMINI_TOOLS, geminiTool)?.claudeName ?? geminiTool;
}

/** A Gemini tool's arguments under Claude Code's keys (`dir_path` → `path` for Glob, ...). */
export function toClaudeToolInput(
  geminiTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return renamed(input, keysOf(geminiTool));
}

/** Arguments under Claude Code's keys back under Gemini's, for the `tool_input` Gemini merges into the call. */
export function toGeminiToolInput(
  geminiTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = keysOf(geminiTool);
  return renamed(input, Object.fromEntries(Object.entries(keys).map(([gemini, claude]) => [claude, gemini])));
}

function keysOf(geminiTool: string): Readonly<Record<string, string>> {
  return ownValue(GEMINI_TOOLS, geminiTool)?.keys ?? {};
}

function renamed(
  input: Readonly<Record<string, unknown>>,
  keys: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [ownValue(keys, key) ?? key, value]));
}
