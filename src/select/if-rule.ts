import { homedir } from 'node:os';
import { posix } from 'node:path';
import { escapeRegExp } from '../common/escape-reg-exp.js';
import { currentToolName } from '../events/tool-aliases.js';
import { type GlobSyntax, globToRegExp } from '../patterns/glob-to-regexp.js';
import { parseIfRule } from '../patterns/if-rule-syntax.js';
import { bashRuleSubjects, bashSubjectsNeedParser } from './bash-rule-subjects.js';

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
  /**
   * Whether testing `call` needs the Bash parser, not loaded yet (a Bash rule with a pattern, and a command
   * that is more than plain words): the engine loads it first (loadShellParser), since a test without it
   * matches (fails closed).
   */
  readonly needsShellParser: (call: ToolCall) => boolean;
  readonly warning?: string;
}

/** The input field each tool's rule pattern is tested against, as Claude Code's tools declare it. */
const PATH_FIELDS: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Edit: 'file_path',
  Write: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
  Glob: 'path',
  Grep: 'path',
};
/** Tool names, commands, URLs: `*` matches anything, slashes included (`Bash(git *)`). */
const TEXT_GLOB: GlobSyntax = { pathAware: false };
/** File paths: `*` stays within a directory, `**` crosses them (`Edit(src/**\/*.ts)`). */
const PATH_GLOB: GlobSyntax = { pathAware: true };
const NEVER = (): boolean => false;

/**
 * Compiles a permission rule such as `Bash(rm *)`, `Edit(/src/**)` or a bare tool name, as Claude Code
 * 2.1.332 reads an `if` rule: the tool part names one tool, exactly, under its current name (`Task` is
 * `Agent`), or with `mcp__<server>` every tool of that server; it is not a glob (`mcp__github__*` names
 * no tool). The part in parentheses is tested against the tool's own field: Bash → each subcommand of
 * `command` (bash-rule-subjects.ts; a command that cannot be parsed matches); Read, Edit, Write,
 * NotebookEdit → the file's path, Glob and Grep → their `path` (the cwd when absent), anchored as Claude
 * Code's permission rules (`//abs`, `~/home`, `/project-root`, `./cwd` or relative, a name without `/` at
 * any depth). hookwire also reads a pattern on tools that have no such field, where Claude Code's rule never
 * fires: WebFetch → `url` or, with `domain:`, its host; any other tool → any top-level string argument
 * (docs/protocol.md, "Differences").
 */
export function compileIfRule(rule: string, home: string = homedir()): CompiledIfRule {
  const parsed = parseIfRule(rule);
  // Loading refuses such a rule with a located error; a hook built in code still gets the warning.
  if ('problem' in parsed) {
    return { test: NEVER, needsShellParser: NEVER, warning: `${parsed.problem}; it matches nothing` };
  }
  const tool = toolTest(parsed.tool.trim());
  const argument = parsed.argument;
  if (argument === undefined || argument === '' || argument === '*') {
    return { test: (call) => tool(call.toolName), needsShellParser: NEVER };
  }
  const tests = argumentTests(argument, home);
  return {
    test: (call) => tool(call.toolName) && tests[inputKindOf(call.toolName)](call),
    needsShellParser: (call) =>
      inputKindOf(call.toolName) === 'command' &&
      tool(call.toolName) &&
      bashSubjectsNeedParser(stringField(call.toolInput, 'command')),
  };
}

function toolTest(written: string): (toolName: string) => boolean {
  const named = currentToolName(written);
  const parts = named.split('__');
  // `mcp__server` (no tool part) names every tool of the server, as in Claude Code's permission rules.
  if (parts.length === 2 && parts[0] === 'mcp' && parts[1] !== '') {
    const prefix = `${named}__`;
    return (toolName) => toolName === named || toolName.startsWith(prefix);
  }
  return (toolName) => currentToolName(toolName) === named;
}

type InputKind = 'command' | 'path' | 'url' | 'other';

function inputKindOf(toolName: string): InputKind {
  const current = currentToolName(toolName);
  if (current === 'Bash') return 'command';
  if (Object.hasOwn(PATH_FIELDS, current)) return 'path';
  if (current === 'WebFetch') return 'url';
  return 'other';
}

/**
 * A rule ending in ` *` (`rm *`) matches as a glob and also the command alone (`rm`), as Claude Code 2.1.332
 * matches it (compat G01, `rmNoArgs`).
 */
function bareOrGlob(argument: string): { test(command: string): boolean } {
  const glob = globToRegExp(argument, TEXT_GLOB);
  const bare = globToRegExp(argument.slice(0, -2), TEXT_GLOB);
  return { test: (command) => glob.test(command) || bare.test(command) };
}

function argumentTests(argument: string, home: string): Record<InputKind, (call: ToolCall) => boolean> {
  const commandPattern = argument.endsWith(':*')
    ? new RegExp(`^${escapeRegExp(argument.slice(0, -2))}(?:\\s.*)?$`, 's')
    : argument.endsWith(' *')
      ? bareOrGlob(argument)
      : globToRegExp(argument, TEXT_GLOB);
  const anything = globToRegExp(argument, TEXT_GLOB);
  const path = pathTest(argument, home);
  const domain = argument.startsWith('domain:')
    ? globToRegExp(argument.slice('domain:'.length), TEXT_GLOB)
    : null;
  return {
    command: (call) => {
      const command = stringField(call.toolInput, 'command');
      if (commandPattern.test(command)) return true;
      const subjects = bashRuleSubjects(command);
      // A command line that cannot be parsed (or no parser) matches: the guard runs rather than not.
      return 'unparsed' in subjects || subjects.some((subject) => commandPattern.test(subject));
    },
    path: (call) => {
      const current = currentToolName(call.toolName);
      const field = PATH_FIELDS[current] as string;
      const value = stringField(call.toolInput, field);
      // Glob and Grep without a path search the cwd.
      if (value === '' && field === 'path') return path(call.cwd, call);
      return value !== '' && path(value, call);
    },
    url: (call) => {
      const url = stringField(call.toolInput, 'url');
      return domain ? domain.test(hostOf(url)) : anything.test(url);
    },
    other: (call) =>
      Object.values(call.toolInput).some((value) => typeof value === 'string' && anything.test(value)),
  };
}

/**
 * A path pattern, anchored as Claude Code anchors its permission rules (gitignore-style): `//p` from the
 * filesystem root, `~/p` from the home directory, `/p` from the project root, `./p` or `p/q` from the cwd
 * (and, erring toward the guard, from the project root too, which differs from the cwd once the session
 * has `cd`ed), and a name without `/` (`*.env`) at any depth.
 */
function pathTest(argument: string, home: string): (filePath: string, call: ToolCall) => boolean {
  const absolute = (filePath: string, call: ToolCall) => posix.resolve(call.cwd, filePath);
  if (argument.startsWith('//')) {
    const expression = globToRegExp(argument.slice(1), PATH_GLOB);
    return (filePath, call) => expression.test(absolute(filePath, call));
  }
  if (argument.startsWith('~/')) {
    const expression = globToRegExp(`${home.replace(/\/+$/, '')}/${argument.slice(2)}`, PATH_GLOB);
    return (filePath, call) => expression.test(absolute(filePath, call));
  }
  if (argument.startsWith('/')) {
    const expression = globToRegExp(argument.slice(1), PATH_GLOB);
    return (filePath, call) => underAndMatches(expression, call.projectDir, absolute(filePath, call));
  }
  const relative = argument.replace(/^(?:\.\/)+/, '');
  const expression = globToRegExp(relative, PATH_GLOB);
  if (!relative.includes('/')) {
    return (filePath) => expression.test(posix.basename(filePath));
  }
  return (filePath, call) => {
    const resolved = absolute(filePath, call);
    return (
      underAndMatches(expression, call.cwd, resolved) ||
      underAndMatches(expression, call.projectDir, resolved)
    );
  };
}

/** Whether `path` lies under `base` and its path relative to `base` matches. */
function underAndMatches(expression: { test: (subject: string) => boolean }, base: string, path: string) {
  const relative = posix.relative(base, path);
  return relative !== '' && !relative.startsWith('../') && relative !== '..' && expression.test(relative);
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
