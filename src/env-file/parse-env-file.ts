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
/** What a backslash escapes inside double quotes (POSIX sh); before anything else it stays a backslash. */
const DOUBLE_QUOTE_ESCAPES = new Set(['$', '`', '"', '\\', '\n']);

/** One word of a statement: its value after quote removal, and the part before any quoting or escape. */
interface Word {
  readonly value: string;
  readonly unquotedPrefix: string;
}

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

  function readWord(): Word {
    const start = line;
    let value = '';
    let unquotedPrefix: string | undefined;
    const quoted = () => {
      unquotedPrefix ??= value;
    };
    while (position < text.length) {
      const character = text[position] as string;
      if (character === ' ' || character === '\t' || character === '\n') break;
      if (OPERATORS.has(character))
        throw new Refusal(line, `\`${character}\` is shell syntax hookwire does not run`);
      if (character === '$' || character === '`') throw new Refusal(line, expansionMessage(character));
      if (character === '\\') {
        const next = text[position + 1];
        position += 2;
        if (next === '\n') {
          line++;
          continue;
        }
        quoted();
        if (next !== undefined) value += next;
        continue;
      }
      if (character === "'") {
        quoted();
        const end = text.indexOf("'", position + 1);
        if (end === -1) throw new Refusal(start, 'a single quote is never closed');
        const inside = text.slice(position + 1, end);
        line += countNewlines(inside);
        value += inside;
        position = end + 1;
        continue;
      }
      if (character === '"') {
        quoted();
        value += readDoubleQuoted(start);
        continue;
      }
      value += character;
      position++;
    }
    return { value, unquotedPrefix: unquotedPrefix ?? value };
  }

  function readDoubleQuoted(start: number): string {
    let value = '';
    position++;
    while (position < text.length) {
      const character = text[position] as string;
      if (character === '"') {
        position++;
        return value;
      }
      if (character === '$' || character === '`') throw new Refusal(line, expansionMessage(character));
      if (character === '\\' && DOUBLE_QUOTE_ESCAPES.has(text[position + 1] ?? '')) {
        const next = text[position + 1] as string;
        if (next === '\n') line++;
        else value += next;
        position += 2;
        continue;
      }
      if (character === '\n') line++;
      value += character;
      position++;
    }
    throw new Refusal(start, 'a double quote is never closed');
  }

  /** The words of one statement, up to an unquoted newline or comment. */
  function readStatement(): Word[] {
    const words: Word[] = [];
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
function apply(words: readonly Word[], line: number, variables: Record<string, string>): void {
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

function expansionMessage(character: string): string {
  return character === '`'
    ? 'command substitution (`...`) is refused: the file is read, never run'
    : '`$` (expansion or command substitution) is refused: the file is read, never run';
}

function countNewlines(text: string): number {
  let count = 0;
  for (const character of text) if (character === '\n') count++;
  return count;
}
