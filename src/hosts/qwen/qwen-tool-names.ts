import { ownValue } from '../../common/own-value.js';
import { GEMINI_TOOLS, type GeminiTool } from '../gemini/gemini-tool-names.js';

/** The tools Qwen Code kept from Gemini CLI, of which it is a fork: the same names and arguments. */
const FROM_GEMINI = [
  'run_shell_command',
  'write_file',
  'read_file',
  'glob',
  'grep_search',
  'list_directory',
  'web_fetch',
  'enter_plan_mode',
  'exit_plan_mode',
] as const;

/** Qwen Code's own tools, whose arguments already carry Claude Code's names. */
const QWEN_ONLY: Readonly<Record<string, string>> = {
  edit: 'Edit',
  notebook_edit: 'NotebookEdit',
  todo_write: 'TodoWrite',
  web_search: 'WebSearch',
  agent: 'Task',
  skill: 'Skill',
  ask_user_question: 'AskUserQuestion',
};

/**
 * Qwen Code's built-in tools under the names Claude Code gives the same tools: the Claude Code aliases Qwen
 * Code 0.24.4 itself resolves when it matches a hook's matcher or a permission rule (its tool-name alias
 * table; docs/hosts/qwen.md), so a `Bash` or `Edit` matcher means the same as under Claude Code. The tools
 * Qwen kept from Gemini CLI are Gemini's rows (`run_shell_command` → `Bash`, `is_background` →
 * `run_in_background`); Qwen's own `edit`, `read_file`, `glob` and `grep_search` take Claude Code's
 * argument names already (`file_path`, `old_string`, `offset`, `path`, `glob`).
 */
export const QWEN_TOOLS: Readonly<Record<string, GeminiTool>> = Object.freeze({
  ...Object.fromEntries(FROM_GEMINI.map((tool) => [tool, GEMINI_TOOLS[tool] as GeminiTool])),
  ...Object.fromEntries(
    Object.entries(QWEN_ONLY).map(([tool, claudeName]) => [tool, { claudeName, keys: {} }]),
  ),
});

/** The name hooks match for a Qwen Code tool: Claude Code's where there is one, else Qwen's own. */
export function qwenToolName(qwenTool: string): string {
  return ownValue(QWEN_TOOLS, qwenTool)?.claudeName ?? qwenTool;
}

/** A Qwen Code tool's arguments under Claude Code's names. */
export function toClaudeToolInput(
  qwenTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = ownValue(QWEN_TOOLS, qwenTool)?.keys ?? {};
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [ownValue(keys, key) ?? key, value]));
}
