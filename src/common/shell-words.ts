/*
 * POSIX shell words, in one place: quoting an argument for a command line people or shells read
 * (`quoteShellWord`), and reading words back the way `sh` does, without running or expanding anything
 * (`readShellWord`: single quotes keep everything; double quotes honour `\$ \` \" \\` and line continuations;
 * an unquoted backslash escapes the next character, or continues the line). The Deep Agents converter
 * (`splitShellWords`) and the environment-file reader (src/env-file/) both read through `readShellWord`.
 */

const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argument quoted for a POSIX shell: left bare when safe, otherwise single-quoted. */
export function quoteShellWord(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** An argv as one POSIX shell command line that runs exactly that argv. */
export function quoteShellWords(words: readonly string[]): string {
  return words.map(quoteShellWord).join(' ');
}

/** One word read: its value after quote removal, and the part before any quoting or escape. */
export interface ShellWord {
  readonly value: string;
  /** The value up to the first quote or escape (`export`, `NAME=` are recognised only unquoted). */
  readonly unquotedPrefix: string;
  /** Where reading stopped: a blank, an unquoted newline, or the end of the text. */
  readonly end: number;
  /** Newlines read inside the word (quoted, or continued lines). */
  readonly newlines: number;
}

/** Why a word was not read, on which of its lines (0: the line it starts on), and where reading stopped. */
export interface ShellWordRefusal {
  readonly refused: string;
  readonly line: number;
  readonly end: number;
  readonly newlines: number;
}

/** What a backslash escapes inside double quotes (POSIX sh); before anything else it stays a backslash. */
const DOUBLE_QUOTE_ESCAPES = new Set(['$', '`', '"', '\\', '\n']);

function expansionRefusal(character: string): string {
  return character === '`'
    ? 'command substitution (`...`) is refused: the file is read, never run'
    : '`$` (expansion or command substitution) is refused: the file is read, never run';
}

/**
 * Reads the word that starts at `start` (not a blank). `$` and backticks are refused everywhere, since
 * nothing is expanded; so is an unquoted character of `syntax` (operators, globs: what the caller does not
 * read as part of a word), and a quote that is never closed.
 */
export function readShellWord(
  text: string,
  start: number,
  syntax: ReadonlySet<string>,
): ShellWord | ShellWordRefusal {
  let value = '';
  let unquotedPrefix: string | undefined;
  let newlines = 0;
  let position = start;
  const quoted = () => {
    unquotedPrefix ??= value;
  };
  const refusal = (refused: string, line = newlines): ShellWordRefusal => ({
    refused,
    line,
    end: position,
    newlines,
  });
  while (position < text.length) {
    const character = text[position] as string;
    if (character === ' ' || character === '\t' || character === '\n') break;
    if (character === '$' || character === '`') return refusal(expansionRefusal(character));
    if (syntax.has(character)) return refusal(`\`${character}\` is shell syntax hookwire does not run`);
    if (character === '\\') {
      const next = text[position + 1];
      position += 2;
      if (next === '\n') {
        newlines++;
        continue;
      }
      quoted();
      // A backslash that ends the text is kept, as sh keeps it.
      value += next ?? '\\';
      continue;
    }
    if (character === "'") {
      quoted();
      const end = text.indexOf("'", position + 1);
      if (end === -1) return refusal('a single quote is never closed', 0);
      const inside = text.slice(position + 1, end);
      newlines += countNewlines(inside);
      value += inside;
      position = end + 1;
      continue;
    }
    if (character === '"') {
      quoted();
      position++;
      let closed = false;
      while (position < text.length) {
        const inner = text[position] as string;
        if (inner === '"') {
          position++;
          closed = true;
          break;
        }
        if (inner === '$' || inner === '`') return refusal(expansionRefusal(inner));
        if (inner === '\\' && DOUBLE_QUOTE_ESCAPES.has(text[position + 1] ?? '')) {
          const next = text[position + 1] as string;
          if (next === '\n') newlines++;
          else value += next;
          position += 2;
          continue;
        }
        if (inner === '\n') newlines++;
        value += inner;
        position++;
      }
      if (!closed) return refusal('a double quote is never closed', 0);
      continue;
    }
    value += character;
    position++;
  }
  return { value, unquotedPrefix: unquotedPrefix ?? value, end: position, newlines };
}

/** Unquoted characters a plain argv never has: operators, globs, braces, `~`, comments, history. */
const NOT_AN_ARGV = new Set([...'|&;<>()*?[]{}~#!']);

/**
 * The argv of a shell command line made only of (quoted) words, or undefined when the line uses anything
 * else (pipes, redirections, expansions, globs, several lines, ...): then it is not a plain argv and must stay
 * a shell command. Enough to read back what `quoteShellWords` writes, and hand-written lines of the same kind.
 */
export function splitShellWords(line: string): string[] | undefined {
  const words: string[] = [];
  let position = 0;
  while (position < line.length) {
    const character = line[position];
    if (character === ' ' || character === '\t') {
      position++;
      continue;
    }
    if (character === '\n') return undefined;
    const word = readShellWord(line, position, NOT_AN_ARGV);
    if ('refused' in word) return undefined;
    words.push(word.value);
    position = word.end;
  }
  return words;
}

function countNewlines(text: string): number {
  let count = 0;
  for (const character of text) if (character === '\n') count++;
  return count;
}
