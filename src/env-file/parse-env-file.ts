import { readShellWord, type ShellWord } from '../common/shell-words.js';

/** The variables an environment file sets, and what in it was refused. */
export interface ParsedEnvFile {
  /** In the order first set; a later assignment of a name replaces its value, as in a shell. */
  readonly variables: Readonly<Record<string, string>>;
  /** `<file>:<line>: <why>` for each statement that was not read. */
  readonly warnings: readonly string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Characters that start shell syntax other than words (pipes, redirections, subshells, separators). */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')']);

class Refusal {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {}
}

/**
 * Reads an environment file the way a POSIX shell would read its `export NAME=value` and `NAME=value`
 * lines: single quotes keep everything, double quotes honour `\$ \` \" \\` and line continuations,
 * an unquoted backslash escapes the next character, `#` starts a comment at the start of a word. Nothing is
 * executed or expanded: a statement with `$`, a backtick, `~` at the start of a value, an operator (`| & ; <
 * > ( )`) or any command other than `export` and assignments is refused whole, with a warning naming
 * `file:line`, and reading goes on with the next line.
 */
export function parseEnvFile(text: string, file: string): ParsedEnvFile {
  const variables: Record<string, string> = {};
  const warnings: string[] = [];
  let position = 0;
  let line = 1;

  /** Skips to the end of the current line, after a refusal. */
  function skipLine(): void {
    while (position < text.length && text[position] !== '\n') position++;
  }

  function readWord(): ShellWord {
    const word = readShellWord(text, position, OPERATORS);
    const start = line;
    position = word.end;
    line += word.newlines;
    if ('refused' in word) throw new Refusal(start + word.line, word.refused);
    return word;
  }

  /** The words of one statement, up to an unquoted newline or comment. */
  function readStatement(): ShellWord[] {
    const words: ShellWord[] = [];
    while (position < text.length) {
      const character = text[position];
      if (character === ' ' || character === '\t') {
        position++;
      } else if (character === '\n') {
        break;
      } else if (character === '#') {
        skipLine();
      } else {
        words.push(readWord());
      }
    }
    return words;
  }

  while (position < text.length) {
    const statementLine = line;
    try {
      const words = readStatement();
      apply(words, statementLine, variables);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      warnings.push(`${file}:${error.line}: ${error.reason}; the line is ignored`);
      skipLine();
    }
    if (text[position] === '\n') {
      position++;
      line++;
    }
  }
  return { variables, warnings };
}

/** Sets the variables of one statement: `export NAME=value...`, `export NAME`, or `NAME=value...`. */
function apply(words: readonly ShellWord[], line: number, variables: Record<string, string>): void {
  const [first, ...rest] = words;
  if (first === undefined) return;
  const exported = first.value === 'export' && first.unquotedPrefix === 'export';
  const assignments = exported ? rest : words;
  const parsed = assignments.map((word) => {
    const equals = word.unquotedPrefix.indexOf('=');
    const name = equals === -1 ? word.value : word.unquotedPrefix.slice(0, equals);
    if (!NAME.test(name) || (equals === -1 && !exported)) {
      throw new Refusal(
        line,
        exported
          ? `\`${word.value}\` is not NAME=value`
          : `only \`export NAME=value\` and \`NAME=value\` statements are read: \`${word.value}\` is neither`,
      );
    }
    if (word.unquotedPrefix[equals + 1] === '~') {
      throw new Refusal(
        line,
        `\`~\` at the start of the value of ${name} is refused: the file is never expanded`,
      );
    }
    return { name, value: equals === -1 ? undefined : word.value.slice(equals + 1) };
  });
  for (const { name, value } of parsed) {
    if (value === undefined && !(name in variables)) {
      throw new Refusal(line, `\`export ${name}\` names no variable set in this file`);
    }
  }
  // `export NAME` exports a variable set earlier; it sets nothing of its own.
  for (const { name, value } of parsed) if (value !== undefined) variables[name] = value;
}
