import { type RenamedTool, toolRenames } from '../tool-renames.js';

/**
 * OpenCode 1.18.33's built-in tools as `opencode run` offers them to the model and names them in a plugin's
 * `tool.execute.before` input (observed, docs/hosts/opencode.md), so that matchers written for Claude Code
 * (`Bash`, `Edit|Write`, `Read`) match OpenCode's calls unchanged. Only renames that mean the same are made.
 */
export const OPENCODE_TOOLS: Readonly<Record<string, RenamedTool>> = Object.freeze({
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

const renames = toolRenames(OPENCODE_TOOLS);

/** The name hooks match for an OpenCode tool: Claude Code's where there is one, else OpenCode's own. */
export const openCodeToolName = renames.toolName;
/** An OpenCode tool's arguments under Claude Code's keys (`filePath` → `file_path`, ...). */
export const toClaudeToolInput = renames.toClaude;
/** Arguments under Claude Code's keys back under OpenCode's, for a rewrite the plugin applies to `output.args`. */
export const toOpenCodeArgs = renames.toHost;
