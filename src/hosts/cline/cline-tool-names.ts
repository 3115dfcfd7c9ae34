/*
 * Cline 3.0.65's built-in tools as `cline` offers them to the model and names them in a hook's
 * `tool_call.name` (observed, docs/hosts/cline.md). Their arguments have other shapes than Claude Code's (a
 * list of shell commands, a list of files), so each one Claude Code has a tool for is converted both ways
 * here, and matchers written for Claude Code (`Bash`, `Edit|Write`, `Read`) match Cline's calls unchanged.
 * Other tools (`search_codebase`, `fetch_web_content`, `ask_question`, `spawn_agent`, the `team_*` tools)
 * keep their names and arguments.
 */

type Input = Readonly<Record<string, unknown>>;

/** The name hooks match for a Cline tool, before its arguments are seen (`editor` is `Edit`). */
export function clineToolName(hostTool: string): string {
  switch (hostTool) {
    case 'run_commands':
      return 'Bash';
    case 'editor':
      return 'Edit';
    case 'read_files':
      return 'Read';
    default:
      return hostTool;
  }
}

/**
 * The name hooks match for one call: `editor` without `old_text` or `insert_line` creates a file, which is
 * Claude Code's `Write`; with either it edits one, `Edit`.
 */
export function clineCallToolName(hostTool: string, input: Input): string {
  if (hostTool === 'editor' && isCreate(input)) return 'Write';
  return clineToolName(hostTool);
}

function isCreate(input: Input): boolean {
  return typeof input.old_text !== 'string' && typeof input.insert_line !== 'number';
}

/** The files of a `read_files` call, each `{ path, start_line, end_line }`. */
export function readFilesOf(input: Input): Array<Record<string, unknown>> {
  const files = input.files;
  return Array.isArray(files) ? files.filter((file) => typeof file === 'object' && file !== null) : [];
}

/**
 * A Cline call's arguments under Claude Code's names: `run_commands {commands}` as Bash's `command` (the
 * commands one per line, which a POSIX shell runs in turn, so `if` rules see every one), `editor` as Edit's
 * `file_path`/`old_string`/`new_string` (`insert_line` kept) or Write's `file_path`/`content`, `read_files`
 * as Read's `file_path`/`offset`/`limit` of its first file (all of them in `files`, docs/hosts/cline.md).
 */
export function toClaudeToolInput(hostTool: string, input: Input): Record<string, unknown> {
  switch (hostTool) {
    case 'run_commands': {
      const commands = Array.isArray(input.commands) ? input.commands.map(String) : [];
      return { command: commands.join('\n') };
    }
    case 'editor': {
      if (isCreate(input)) return { file_path: input.path, content: input.new_text };
      const edit: Record<string, unknown> = {
        file_path: input.path,
        old_string: typeof input.old_text === 'string' ? input.old_text : '',
        new_string: input.new_text,
      };
      if (typeof input.insert_line === 'number') edit.insert_line = input.insert_line;
      return edit;
    }
    case 'read_files': {
      const files = readFilesOf(input);
      const first = files[0] ?? {};
      const read: Record<string, unknown> = { file_path: first.path };
      const start = first.start_line;
      const end = first.end_line;
      if (typeof start === 'number') read.offset = start;
      if (typeof end === 'number') read.limit = end - (typeof start === 'number' ? start : 1) + 1;
      if (files.length > 1) read.files = files.map((file) => file.path);
      return read;
    }
    default:
      return { ...input };
  }
}

/**
 * A rewrite the hooks made under Claude Code's names (`updatedInput`) back under Cline's, for the
 * `overrideInput` Cline puts in place of the call's whole input. Keys Cline's tool has itself (`commands`,
 * `path`, `files`) are taken as they are.
 */
export function toClineToolInput(hostTool: string, updated: Input): Record<string, unknown> {
  switch (hostTool) {
    case 'run_commands':
      if (Array.isArray(updated.commands)) return { commands: updated.commands };
      return { commands: typeof updated.command === 'string' ? [updated.command] : [] };
    case 'editor': {
      if (typeof updated.path === 'string') return { ...updated };
      const edit: Record<string, unknown> = { path: updated.file_path };
      if (typeof updated.content === 'string') edit.new_text = updated.content;
      else {
        edit.new_text = updated.new_string;
        if (typeof updated.insert_line === 'number') edit.insert_line = updated.insert_line;
        else edit.old_text = updated.old_string;
      }
      return edit;
    }
    case 'read_files': {
      if (Array.isArray(updated.files) && updated.files.every((file) => typeof file === 'object'))
        return { files: updated.files };
      const file: Record<string, unknown> = { path: updated.file_path };
      if (typeof updated.offset === 'number') file.start_line = updated.offset;
      if (typeof updated.limit === 'number')
        file.end_line = (typeof updated.offset === 'number' ? updated.offset : 1) + updated.limit - 1;
      return { files: [file] };
    }
    default:
      return { ...updated };
  }
}
