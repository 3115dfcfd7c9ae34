import { type RenamedTool, toolRenames } from '../tool-renames.js';

/**
 * Factory Droid 0.225.2's built-in tools as `droid exec` offers them to the model and names them in a hook's
 * `tool_name` (observed, docs/hosts/droid.md), so that matchers written for Claude Code (`Bash`,
 * `Edit|Write`, `Read`) match Droid's calls unchanged. Only renames that mean the same are made: `Glob`'s
 * `patterns` (a string or a list) keeps its key, Claude Code's `pattern` being one string.
 */
export const DROID_TOOLS: Readonly<Record<string, RenamedTool>> = Object.freeze({
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

const renames = toolRenames(DROID_TOOLS);

/** The name hooks match for a Droid tool: Claude Code's where there is one, else Droid's own. */
export const droidToolName = renames.toolName;
/** A Droid tool's arguments under Claude Code's keys (`old_str` → `old_string` for Edit, ...). */
export const toClaudeToolInput = renames.toClaude;
/** Arguments under Claude Code's keys back under Droid's, for an `updatedInput` Droid applies to the call. */
export const toDroidToolInput = renames.toHost;
