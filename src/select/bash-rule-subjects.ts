import type { Node } from 'web-tree-sitter';
import { readShell, shellParserSettled, type Unparsed } from './shell-parser.js';

/**
 * A line of plain words (no quote, expansion, operator, redirection or comment) is one simple command whose
 * words are its space-separated parts: it needs no parser. Anything else is parsed.
 */
const PLAIN_WORDS = /^[A-Za-z0-9_\-.,:/@%+=^~*?[\] ]*$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Commands that run the command in their arguments. hookwire also tests a rule against what such a command
 * runs (`sudo rm -rf x` against `Bash(rm *)`), a difference from Claude Code that errs toward running the
 * guard (docs/protocol.md).
 */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'nice',
  'ionice',
  'time',
  'command',
  'builtin',
  'exec',
  'timeout',
  'xargs',
  'stdbuf',
  'setsid',
  'chrt',
  'taskset',
]);
/** Shells whose `-c` argument is a command line, parsed in turn; `eval` runs its arguments as one. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox']);
/** How deep `sh -c '... sh -c ...'` is followed: past it the command line fails closed. */
const MAX_NESTED_SCRIPTS = 3;
/** How many wrappers in a row are followed (`sudo env nice rm`). */
const MAX_WRAPPERS = 4;
/**
 * The subjects of a line may hold this many characters per character of the line (plus a constant), so
 * that testing them stays linear in the line; past it (substitutions nested hundreds deep, whose every
 * level repeats the text inside it) the line is too complex and fails closed.
 */
const SUBJECT_CHARACTERS_PER_CHARACTER = 64;
const SUBJECT_CHARACTERS_BASE = 65_536;

/** The subjects found so far, and the characters they may still hold. */
interface Subjects {
  readonly found: Set<string>;
  budget: number;
}

/** Whether splitting `command` needs the Bash parser, which is not loaded yet. */
export function bashSubjectsNeedParser(command: string): boolean {
  return !PLAIN_WORDS.test(command) && !shellParserSettled();
}

/**
 * Every text a Bash `if` rule is tested against for one command line, as Claude Code 2.1.332 matches:
 * each simple command anywhere in it (after `&&`, `||`, `;`, `&`, a newline or a pipe; in `$(...)`,
 * backticks, subshells, loops, conditionals, here-documents), without its
 * leading `NAME=value` assignments and its redirections. Besides (hookwire, erring toward the guard): each
 * one with its words unquoted (`"rm" x` as `rm x`), with a command given by path also by its basename
 * (`/bin/rm`), what a wrapper runs (`sudo`, `env`, `nice`, ...), and the scripts of `sh -c` and `eval`.
 * Unparsed when the line has a syntax error, a `{ ...; }` group (functions included) or a `<(...)` (on which
 * Claude Code fires every rule), or the parser cannot be had: the caller then matches.
 */
export function bashRuleSubjects(command: string): readonly string[] | Unparsed {
  const subjects: Subjects = {
    found: new Set<string>([command]),
    budget: command.length * SUBJECT_CHARACTERS_PER_CHARACTER + SUBJECT_CHARACTERS_BASE,
  };
  const unparsed = collectSubjects(command, subjects, 0);
  if (unparsed !== undefined) return unparsed;
  return subjects.budget < 0 ? { unparsed: 'too complex' } : [...subjects.found];
}

function add(subjects: Subjects, subject: string): void {
  if (subjects.budget < 0 || subjects.found.has(subject)) return;
  subjects.budget -= subject.length + 1;
  subjects.found.add(subject);
}

function collectSubjects(command: string, subjects: Subjects, depth: number): Unparsed | undefined {
  if (PLAIN_WORDS.test(command)) {
    const words = command.split(' ').filter((word) => word !== '');
    const first = words.findIndex((word) => !ASSIGNMENT.test(word));
    if (first !== -1) addCommand(words.slice(first), subjects, [], 0);
    return undefined;
  }
  const scripts: string[] = [];
  const read = readShell(command, (root): Unparsed | undefined => {
    for (const node of commandNodes(root)) {
      if (subjects.budget < 0) return undefined;
      // Claude Code 2.1.332 fires every Bash rule on a line with a `{ ...; }` group or a `<(...)` (compat
      // G01, K01-K10): so does hookwire.
      if (node.type === 'compound_statement' || node.type === 'process_substitution')
        return { unparsed: 'group or process substitution' };
      if (node.type !== 'command') {
        add(subjects, node.text);
        continue;
      }
      const name = node.childForFieldName('name');
      if (name === null) continue;
      const parts = [name, ...node.childrenForFieldName('argument')];
      add(subjects, parts.map((part) => part.text).join(' '));
      // The grammar reads some assignments as words (`_=a rm`): leading ones are dropped here too.
      const words = parts.map(wordValue);
      const first = words.findIndex((word) => !ASSIGNMENT.test(word));
      if (first !== -1) addCommand(words.slice(first), subjects, scripts, 0);
    }
    return undefined;
  });
  if (read !== undefined) return read;
  for (const script of scripts) {
    if (depth + 1 >= MAX_NESTED_SCRIPTS) return { unparsed: 'syntax error' };
    const nested = collectSubjects(script, subjects, depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** Every command node of the tree, depth first, without recursion (substitutions nest without bound). */
function* commandNodes(root: Node): Generator<Node> {
  const stack: Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (
      node.type === 'command' ||
      node.type === 'declaration_command' ||
      node.type === 'unset_command' ||
      node.type === 'compound_statement' ||
      node.type === 'process_substitution'
    )
      yield node;
    const children = node.namedChildren;
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as Node);
  }
}

/** One simple command's words: itself, by basename, what a wrapper runs, and the script of `sh -c`/`eval`. */
function addCommand(words: readonly string[], subjects: Subjects, scripts: string[], wrapped: number): void {
  const first = words[0];
  if (first === undefined) return;
  add(subjects, words.join(' '));
  const name = first.slice(first.lastIndexOf('/') + 1);
  if (name !== first && name !== '') add(subjects, [name, ...words.slice(1)].join(' '));
  if (name === 'eval' && words.length > 1) scripts.push(words.slice(1).join(' '));
  if (SHELLS.has(name)) {
    const flag = words.findIndex((word, index) => index > 0 && /^-[a-z]*c[a-z]*$/.test(word));
    const script = flag === -1 ? undefined : words[flag + 1];
    if (script !== undefined) scripts.push(script);
  }
  if (!WRAPPERS.has(name) || wrapped >= MAX_WRAPPERS) return;
  // Past the wrapper's options and assignments, the command it runs starts at the next word, or the one
  // after when an option took an argument (`sudo -u root rm`, `timeout 5 rm`): both are tried.
  let start = 1;
  while (start < words.length && /^-|^[A-Za-z_][A-Za-z0-9_]*=/.test(words[start] as string)) start++;
  addCommand(words.slice(start), subjects, scripts, wrapped + 1);
  addCommand(words.slice(start + 1), subjects, scripts, wrapped + 1);
}

/** A word as the shell would pass it when it holds no expansion: quotes and escapes removed. */
function wordValue(node: Node): string {
  switch (node.type) {
    case 'command_name':
      return node.firstNamedChild === null ? node.text : wordValue(node.firstNamedChild);
    case 'word':
      return node.text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return node.text.slice(2, -1);
    case 'string':
      return node.text.slice(1, -1).replace(/\\([$`"\\\n])/g, '$1');
    case 'concatenation':
      return node.namedChildren.map(wordValue).join('');
    default:
      return node.text;
  }
}
