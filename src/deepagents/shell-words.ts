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

/**
 * The argv of a shell command line made only of (quoted) words, or undefined when the line uses anything
 * else (pipes, redirections, expansions, globs, ...): then it is not a plain argv and must stay a shell
 * command. Enough to read back what `quoteShellWords` writes, and hand-written lines of the same kind.
 */
export function splitShellWords(line: string): string[] | undefined {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let index = 0;
  while (index < line.length) {
    const character = line[index] as string;
    if (character === ' ' || character === '\t') {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      index += 1;
    } else if (character === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) return undefined;
      current += line.slice(index + 1, end);
      inWord = true;
      index = end + 1;
    } else if (character === '"') {
      const closing = readDoubleQuoted(line, index + 1);
      if (!closing) return undefined;
      current += closing.text;
      inWord = true;
      index = closing.end + 1;
    } else if (character === '\\') {
      if (index + 1 >= line.length) return undefined;
      current += line[index + 1];
      inWord = true;
      index += 2;
    } else if ('|&;<>()$`*?[]{}~#!\n'.includes(character)) {
      return undefined;
    } else {
      current += character;
      inWord = true;
      index += 1;
    }
  }
  if (inWord) words.push(current);
  return words;
}

function readDoubleQuoted(line: string, start: number): { text: string; end: number } | undefined {
  let text = '';
  for (let index = start; index < line.length; index++) {
    const character = line[index] as string;
    if (character === '"') return { text, end: index };
    if (character === '$' || character === '`') return undefined;
    if (character === '\\' && '"\\$`'.includes(line[index + 1] ?? '')) {
      text += line[index + 1];
      index += 1;
    } else {
      text += character;
    }
  }
  return undefined;
}
