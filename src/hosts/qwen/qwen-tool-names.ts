/**
 * Qwen Code's built-in tools under the names Claude Code gives the same tools: the Claude Code aliases Qwen
 * Code 0.24.4 itself resolves when it matches a hook's matcher or a permission rule (its tool-name alias
 * table; docs/hosts/qwen.md). Hooks run by hookwire match the mapped name, so a `Bash` or `Edit` matcher
 * means the same as under Claude Code. The arguments are already under Claude Code's names (`command`,
 * `file_path`, `old_string`, `content`, `offset`, `limit`), except the shell's `is_background`.
 */
export const QWEN_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  run_shell_command: 'Bash',
  edit: 'Edit',
  write_file: 'Write',
  read_file: 'Read',
  notebook_edit: 'NotebookEdit',
  grep_search: 'Grep',
  glob: 'Glob',
  list_directory: 'LS',
  todo_write: 'TodoWrite',
  web_fetch: 'WebFetch',
  web_search: 'WebSearch',
  agent: 'Task',
  skill: 'Skill',
  ask_user_question: 'AskUserQuestion',
  enter_plan_mode: 'EnterPlanMode',
  exit_plan_mode: 'ExitPlanMode',
});

/** Qwen Code's argument names that Claude Code spells otherwise, for the tool that has them. */
const ARGUMENT_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  run_shell_command: { is_background: 'run_in_background' },
};

/** A Qwen Code tool's arguments under Claude Code's names. */
export function toClaudeToolInput(
  qwenTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const names = Object.hasOwn(ARGUMENT_NAMES, qwenTool) ? (ARGUMENT_NAMES[qwenTool] ?? {}) : {};
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [names[key] ?? key, value]));
}
