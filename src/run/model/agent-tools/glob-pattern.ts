/**
 * Compiles a glob to an anchored RegExp over forward-slash paths: `**` crosses directories, `*` and `?`
 * stay within one segment, `{a,b}` is an alternative, `[abc]` a class. A pattern without `/` matches
 * the file's basename, as `rg --glob` does, so `*.ts` finds TypeScript files at any depth.
 */
export function compileGlob(pattern: string): { regex: RegExp; matchesBasename: boolean } {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*') {
      if (pattern[index + 1] === '*') {
        const followedBySlash = pattern[index + 2] === '/';
        source += followedBySlash ? '(?:.*/)?' : '.*';
        index += followedBySlash ? 2 : 1;
      } else {
        source += '[^/]*';
      }
    } else if (character === '?') {
      source += '[^/]';
    } else if (character === '{') {
      braceDepth += 1;
      source += '(?:';
    } else if (character === '}' && braceDepth > 0) {
      braceDepth -= 1;
      source += ')';
    } else if (character === ',' && braceDepth > 0) {
      source += '|';
    } else if (character === '[') {
      const close = pattern.indexOf(']', index + 1);
      if (close === -1) {
        source += '\\[';
      } else {
        source += `[${pattern
          .slice(index + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        index = close;
      }
    } else {
      source += character.replace(/[.+^$()|\\\]]/g, '\\$&');
    }
  }
  while (braceDepth > 0) {
    braceDepth -= 1;
    source += ')';
  }
  return { regex: new RegExp(`^${source}$`), matchesBasename: !pattern.includes('/') };
}

/** True when the relative path (or its basename, for slash-free patterns) matches. */
export function globMatches(
  glob: { regex: RegExp; matchesBasename: boolean },
  relativePath: string,
): boolean {
  const subject = glob.matchesBasename ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath;
  return glob.regex.test(subject);
}
