import { ownValue } from '../../common/own-value.js';

/**
 * One Cursor agent tool under the name Claude Code gives the same tool, and the argument keys that differ
 * (Cursor's key → Claude Code's).
 */
export interface CursorTool {
  readonly claudeName: string;
  readonly keys: Readonly<Record<string, string>>;
}

/**
 * Cursor's agent tools as its `preToolUse`, `postToolUse` and `postToolUseFailure` hooks name them in
 * `tool_name`, from the documentation and the payloads published from it (not run: docs/hosts/cursor.md), so
 * that matchers written for Claude Code (`Bash`, `Edit|Write`, `Read`) match Cursor's calls unchanged. A tool
 * not listed (`Delete`, an MCP tool `MCP:<name>`) keeps its own name.
 */
export const CURSOR_TOOLS: Readonly<Record<string, CursorTool>> = Object.freeze({
  Shell: { claudeName: 'Bash', keys: { working_directory: 'cwd' } },
  Read: { claudeName: 'Read', keys: { path: 'file_path' } },
  Write: { claudeName: 'Write', keys: { path: 'file_path', contents: 'content' } },
  StrReplace: { claudeName: 'Edit', keys: { path: 'file_path' } },
  Edit: { claudeName: 'Edit', keys: { path: 'file_path' } },
  Grep: { claudeName: 'Grep', keys: {} },
  Glob: { claudeName: 'Glob', keys: { glob_pattern: 'pattern', target_directory: 'path' } },
  Task: { claudeName: 'Task', keys: {} },
  WebFetch: { claudeName: 'WebFetch', keys: {} },
});

/** The name hooks match for a Cursor tool: Claude Code's where there is one, else Cursor's own. */
export function cursorToolName(cursorTool: string): string {
  return ownValue(CURSOR_TOOLS, cursorTool)?.claudeName ?? cursorTool;
}

function keysOf(cursorTool: string): Readonly<Record<string, string>> {
  return ownValue(CURSOR_TOOLS, cursorTool)?.keys ?? {};
}

/**
 * A Cursor tool's arguments with Claude Code's names added beside Cursor's (`path` gets a `file_path`), so a
 * hook written for either reads them; a key the arguments already have is not overwritten.
 */
export function toClaudeToolInput(
  cursorTool: string,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const mapped: Record<string, unknown> = { ...input };
  for (const [cursor, claude] of Object.entries(keysOf(cursorTool))) {
    if (Object.hasOwn(input, cursor) && !Object.hasOwn(input, claude)) mapped[claude] = input[cursor];
  }
  return mapped;
}

/**
 * A rewritten input (under the names the hooks saw) as Cursor's `updated_input`, which replaces the call's
 * arguments: each name hookwire added goes back to Cursor's own (its value wins over the copy of the old
 * one), so Cursor gets only the keys it sent and the hooks' new ones.
 */
export function toCursorToolInput(
  cursorTool: string,
  sent: Readonly<Record<string, unknown>>,
  updated: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const added = new Map(
    Object.entries(keysOf(cursorTool)).filter(
      ([cursor, claude]) => Object.hasOwn(sent, cursor) && !Object.hasOwn(sent, claude),
    ),
  );
  const byClaude = new Map([...added].map(([cursor, claude]) => [claude, cursor] as const));
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updated)) {
    if (!byClaude.has(key)) result[key] = value;
  }
  for (const [key, value] of Object.entries(updated)) {
    const cursor = byClaude.get(key);
    if (cursor !== undefined) result[cursor] = value;
  }
  return result;
}
