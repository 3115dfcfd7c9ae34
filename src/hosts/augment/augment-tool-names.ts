import { type RenamedTool, toolRenames } from '../tool-renames.js';

/**
 * Auggie 0.36.0's built-in tools as it offers them to the model and names them in a hook's `tool_name`
 * (observed, docs/hosts/augment.md), so that matchers written for Claude Code (`Bash`, `Edit|Write`, `Read`)
 * match Auggie's calls unchanged. Only renames that mean the same are made: `str-replace-editor` keeps its
 * list of replacements (`str_replace_entries`), which no Claude Code key holds, and `view` (a file or a
 * directory) is `Read`. Tools Claude Code has no name for (`remove-files`, `apply_patch`,
 * `codebase-retrieval`, the process tools) keep Auggie's.
 */
export const AUGMENT_TOOLS: Readonly<Record<string, RenamedTool>> = Object.freeze({
  'launch-process': { claudeName: 'Bash', keys: {} },
  'save-file': { claudeName: 'Write', keys: { path: 'file_path', file_content: 'content' } },
  'str-replace-editor': { claudeName: 'Edit', keys: { path: 'file_path' } },
  view: { claudeName: 'Read', keys: { path: 'file_path' } },
  'web-fetch': { claudeName: 'WebFetch', keys: {} },
});

const renames = toolRenames(AUGMENT_TOOLS);

/** The name hooks match for an Auggie tool: Claude Code's where there is one, else Auggie's own. */
export const augmentToolName = renames.toolName;
/** An Auggie tool's arguments under Claude Code's keys (`path` → `file_path` for save-file, ...). */
export const toClaudeToolInput = renames.toClaude;
/** Arguments under Claude Code's keys back under Auggie's, for an `updatedInput` Auggie applies to the call. */
export const toAugmentToolInput = renames.toHost;
