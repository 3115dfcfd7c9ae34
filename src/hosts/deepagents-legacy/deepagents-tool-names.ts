/**
 * Deep Agents' built-in tools under the names Claude Code gives the same tools, so that matchers written for
 * Claude Code (`Bash`, `Write|Edit`, `Read`) match a `createDeepAgent` agent's calls unchanged: the names
 * Deep Agents Code itself puts on the wire for its Claude-style hooks. The `toolNames` preset `'deepagents'`;
 * spread it to add names of your own (`{ ...DEEPAGENTS_TOOL_NAMES, run_tests: 'Bash' }`). Only names are
 * mapped: the input keeps Deep Agents' own keys (`file_path`, `content`, `command` are the same as Claude
 * Code's; `read_file`'s `offset` counts from 0, Claude Code's `Read` from 1).
 */
export const DEEPAGENTS_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  execute: 'Bash',
  write_file: 'Write',
  edit_file: 'Edit',
  read_file: 'Read',
  ls: 'LS',
  glob: 'Glob',
  grep: 'Grep',
});
