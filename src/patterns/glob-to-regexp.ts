/**
 * Turns a permission-rule glob into an anchored RegExp. With `pathAware`, `*` and `?` stop at `/` and `**`
 * crosses directories (file rules such as `Edit(src/**\/*.ts)`); without it, `*` matches anything
 * (command rules such as `Bash(git *)`, where arguments contain slashes).
 */
export function globToRegExp(pattern: string, pathAware: boolean): RegExp {
  let source = '';
  for (let position = 0; position < pattern.length; position++) {
    const character = pattern[position] as string;
    if (character === '*') {
      if (pathAware && pattern[position + 1] === '*') {
        position++;
        // `**/` also matches no directory at all, so `src/**/*.ts` covers `src/a.ts`.
        if (pattern[position + 1] === '/') {
          position++;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += pathAware ? '[^/]*' : '.*';
      }
    } else if (character === '?') {
      source += pathAware ? '[^/]' : '.';
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 's');
}
