/**
 * One OpenCode tool under the name Claude Code gives the same tool, and the argument keys that differ
 * (OpenCode's key → Claude Code's). Keys not listed keep their name in both directions.
 */
export interface OpenCodeTool {
  readonly claudeName: string;
  readonly keys: Readonly<Record<string, string>>;
}

/**
 * OpenCode 1.18.33's built-in tools as `opencode run` offers them to the model and names them in a plugin's
 * `tool.execute.before` input (observed, docs/hosts/opencode.md), so that matchers written for Claude Code
 * (`Bash`, `Edit|Write`, `Read`) match OpenCode's calls unchanged. Only renames that mean the same are made.
 */
export const OPENCODE_TOOLS: Readonly<Record<string, OpenCodeTool>> = Object.freeze({
  bash: { claudeName: 'Bash', keys: {} },
  edit: {
    claudeName: 'Edit',
    keys: {
      filePath: 'file_path',
      oldString: 'old_string',
      newString: 'new_string',
      replaceAll: 'replace_all',
    },
  },
  write: { claudeName: 'Write', keys: { filePath: 'file_path' } },
  read: { claudeName: 'Read', keys: { filePath: 'file_path' } },
  glob: { claudeName: 'Glob', keys: {} },
  grep: { claudeName: 'Grep', keys: { include: 'glob' } },
  list: { claudeName: 'LS', keys: {} },
  task: { claudeName: 'Task', keys: {} },
  skill: { claudeName: 'Skill', keys: {} },
  todowrite: { claudeName: 'TodoWrite', keys: {} },
  webfetch: { claudeName: 'WebFetch', keys: {} },
  websearch: { claudeName: 'WebSearch', keys: {} },
});

/** The name hooks match for an OpenCode tool: Claude Code's where there is one, else OpenCode's own. */
export function openCodeToolName(openCodeTool: string): string {
  return Object.hasOwn(OPENCODE_TOOLS, openCodeTool)
    ? (OPENCODE_TOOLS[openCodeTool]?.claudeName ?? openCodeTool)
    : openCodeTool;
}

/** An OpenCode tool's arguments under Claude Code's keys (`filePath` → `file_path`, ...). */
export function toClaudeToolInput(
  openCodeTool: string,
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return renamed(args, keysOf(openCodeTool));
}

/** Arguments under Claude Code's keys back under OpenCode's, for a rewrite the plugin applies to `output.args`. */
export function toOpenCodeArgs(
  openCodeTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = keysOf(openCodeTool);
  return renamed(input, Object.fromEntries(Object.entries(keys).map(([ours, claude]) => [claude, ours])));
}

function keysOf(openCodeTool: string): Readonly<Record<string, string>> {
  return Object.hasOwn(OPENCODE_TOOLS, openCodeTool) ? (OPENCODE_TOOLS[openCodeTool]?.keys ?? {}) : {};
}

function renamed(
  input: Readonly<Record<string, unknown>>,
  keys: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [Object.hasOwn(keys, key) ? (keys[key] ?? key) : key, value]),
  );
}
