import { posix } from 'node:path';
import { escapeRegExp } from '../common/escape-reg-exp.js';
import { type GlobSyntax, globToRegExp } from '../patterns/glob-to-regexp.js';
import { parseIfRule } from '../patterns/if-rule-syntax.js';

/** What an `if` rule is tested against: the tool call and the directories relative paths are read from. */
export interface ToolCall {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  readonly projectDir: string;
}

/** A compiled `if` rule; `warning` is set when the rule could not be read (it then matches nothing). */
export interface CompiledIfRule {
  readonly test: (call: ToolCall) => boolean;
  readonly warning?: string;
}

const FILE_TOOLS = new Set(['Edit', 'Write', 'Read', 'MultiEdit', 'NotebookEdit']);
/** Tool names, commands, URLs: `*` matches anything, slashes included (`Bash(git *)`). */
const TEXT_GLOB: GlobSyntax = { pathAware: false };
/** File paths: `*` stays within a directory, `**` crosses them (`Edit(src/**\/*.ts)`). */
const PATH_GLOB: GlobSyntax = { pathAware: true };

/**
 * Compiles a permission rule such as `Bash(git *)`, `Edit(*.ts)`, `WebFetch(domain:example.com)` or a bare
 * tool name. The tool name is a glob (`mcp__github__*`); the part in parentheses is a glob tested against the
 * tool's primary input: Bash → `command` (a trailing `:*` is the legacy prefix form), file tools →
 * `file_path` (a pattern without `/` tests the basename; otherwise the path relative to cwd and to the
 * project, or the absolute path when the pattern starts with `/`), WebFetch → `url` (or its host with
 * `domain:`), Glob/Grep → `pattern` or `path`; any other tool → any top-level string argument.
 */
export function compileIfRule(rule: string): CompiledIfRule {
  const parsed = parseIfRule(rule);
  // Loading refuses such a rule with a located error; a hook built in code still gets the warning.
  if ('problem' in parsed) return { test: () => false, warning: `${parsed.problem}; it matches nothing` };
  const toolPattern = globToRegExp(parsed.tool, TEXT_GLOB);
  const argument = parsed.argument;
  if (argument === undefined || argument === '' || argument === '*') {
    return { test: (call) => toolPattern.test(call.toolName) };
  }
  const tests = argumentTests(argument);
  return {
    test: (call) => {
      if (!toolPattern.test(call.toolName)) return false;
      const test = tests[primaryInputKind(call.toolName)];
      return test(call);
    },
  };
}

type InputKind = 'command' | 'file' | 'url' | 'search' | 'other';

function primaryInputKind(toolName: string): InputKind {
  if (toolName === 'Bash') return 'command';
  if (FILE_TOOLS.has(toolName)) return 'file';
  if (toolName === 'WebFetch') return 'url';
  if (toolName === 'Glob' || toolName === 'Grep') return 'search';
  return 'other';
}

function argumentTests(argument: string): Record<InputKind, (call: ToolCall) => boolean> {
  const commandPattern = argument.endsWith(':*')
    ? new RegExp(`^${escapeRegExp(argument.slice(0, -2))}(?:\\s.*)?$`, 's')
    : globToRegExp(argument, TEXT_GLOB);
  const anything = globToRegExp(argument, TEXT_GLOB);
  const path = pathTest(argument);
  const domain = argument.startsWith('domain:')
    ? globToRegExp(argument.slice('domain:'.length), TEXT_GLOB)
    : null;
  return {
    command: (call) => commandPattern.test(stringField(call.toolInput, 'command')),
    file: (call) =>
      path(stringField(call.toolInput, 'file_path') || stringField(call.toolInput, 'notebook_path'), call),
    url: (call) => {
      const url = stringField(call.toolInput, 'url');
      return domain ? domain.test(hostOf(url)) : anything.test(url);
    },
    search: (call) =>
      anything.test(stringField(call.toolInput, 'pattern')) ||
      path(stringField(call.toolInput, 'path'), call),
    other: (call) =>
      Object.values(call.toolInput).some((value) => typeof value === 'string' && anything.test(value)),
  };
}

function pathTest(argument: string): (filePath: string, call: ToolCall) => boolean {
  const expression = globToRegExp(argument.replace(/^\/\//, '/').replace(/^\.\//, ''), PATH_GLOB);
  if (!argument.includes('/')) {
    return (filePath) => filePath !== '' && expression.test(posix.basename(filePath));
  }
  if (argument.startsWith('/')) {
    return (filePath, call) => filePath !== '' && expression.test(posix.resolve(call.cwd, filePath));
  }
  return (filePath, call) => {
    if (filePath === '') return false;
    const absolute = posix.resolve(call.cwd, filePath);
    return (
      expression.test(filePath) ||
      expression.test(posix.relative(call.cwd, absolute)) ||
      expression.test(posix.relative(call.projectDir, absolute))
    );
  };
}

function stringField(input: Readonly<Record<string, unknown>>, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : '';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
