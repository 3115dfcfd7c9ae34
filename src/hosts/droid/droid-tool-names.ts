/**
 * One Factory Droid tool under the name Claude Code gives the same tool, and the argument keys that differ
 * (Droid's key → Claude Code's). Keys not listed keep their name in both directions.
 */
export interface DroidTool {
  readonly claudeName: string;
  readonly keys: Readonly<Record<string, string>>;
}

/**
 * Factory Droid 0.225.2's built-in tools as `droid exec` offers them to the model and names them in a hook's
 * `tool_name` (observed, docs/hosts/droid.md), so that matchers written for Claude Code (`Bash`,
 * `Edit|Write`, `Read`) match Droid's calls unchanged. Only renames that mean the same are made: `Glob`'s
 * `patterns` (a string or a list) keeps its key, Claude Code's `pattern` being one string.
 */
export const DROID_TOOLS: Readonly<Record<string, DroidTool>> = Object.freeze({
  Execute: { claudeName: 'Bash', keys: {} },
  Create: { claudeName: 'Write', keys: {} },
  Edit: {
    claudeName: 'Edit',
    keys: { old_str: 'old_string', new_str: 'new_string', change_all: 'replace_all' },
  },
  Read: { claudeName: 'Read', keys: {} },
  LS: { claudeName: 'LS', keys: { directory_path: 'path' } },
  Grep: { claudeName: 'Grep', keys: {} },
  Glob: { claudeName: 'Glob', keys: {} },
  Task: { claudeName: 'Task', keys: {} },
  Skill: { claudeName: 'Skill', keys: {} },
});

/** The name hooks match for a Droid tool: Claude Code's where there is one, else Droid's own. */
export function droidToolName(droidTool: string): string {
  return Object.hasOwn(DROID_TOOLS, droidTool)
    ? (DROID_TOOLS[droidTool]?.claudeName ?? droidTool)
    : droidTool;
}

/** A Droid tool's arguments under Claude Code's keys (`old_str` → `old_string` for Edit, ...). */
export function toClaudeToolInput(
  droidTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return renamed(input, keysOf(droidTool));
}

/** Arguments under Claude Code's keys back under Droid's, for an `updatedInput` Droid applies to the call. */
export function toDroidToolInput(
  droidTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = keysOf(droidTool);
  return renamed(input, Object.fromEntries(Object.entries(keys).map(([droid, claude]) => [claude, droid])));
}

function keysOf(droidTool: string): Readonly<Record<string, string>> {
  return Object.hasOwn(DROID_TOOLS, droidTool) ? (DROID_TOOLS[droidTool]?.keys ?? {}) : {};
}

function renamed(
  input: Readonly<Record<string, unknown>>,
  keys: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [Object.hasOwn(keys, key) ? (keys[key] ?? key) : key, value]),
  );
}
