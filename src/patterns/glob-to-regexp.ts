import { escapeRegExp } from '../common/escape-reg-exp.js';
import { starGlobSource } from './star-glob-source.js';

/** The dialect of a glob: what its wildcards may cross and which syntax it has besides `*` and `?`. */
export interface GlobSyntax {
  /**
   * `*` and `?` stop at `/` and `**` crosses directories (`**\/` also matching no directory at all, so
   * `src/**\/*.ts` covers `src/a.ts`); otherwise `*` matches anything and `?` any one character.
   */
  readonly pathAware: boolean;
  /** `{a,b}` alternatives and `[abc]` / `[!abc]` classes; otherwise braces and brackets are literal. */
  readonly alternatives?: boolean;
  /** Whether wildcards also match line breaks (the RegExp `s` flag). Default true. */
  readonly dotAll?: boolean;
}

/**
 * Compiles a glob into an anchored RegExp. The one glob compiler for permission rules (`Edit(src/**\/*.ts)`
 * path-aware, `Bash(git *)` not, where arguments contain slashes) and for the agent tools' file globs
 * (path-aware, with alternatives and classes, as `rg --glob`).
 */
export function globToRegExp(pattern: string, syntax: GlobSyntax): RegExp {
  const { pathAware, alternatives = false, dotAll = true } = syntax;
  // Text globs (`Bash(git *)`) are tested against whole commands: they take the linear form.
  if (!pathAware && !alternatives) return new RegExp(starGlobSource(pattern), dotAll ? 's' : '');
  let source = '';
  let braceDepth = 0;
  for (let position = 0; position < pattern.length; position++) {
    const character = pattern[position] as string;
    if (character === '*') {
      if (pathAware && pattern[position + 1] === '*') {
        position++;
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
    } else if (alternatives && character === '{') {
      braceDepth++;
      source += '(?:';
    } else if (alternatives && character === '}' && braceDepth > 0) {
      braceDepth--;
      source += ')';
    } else if (alternatives && character === ',' && braceDepth > 0) {
      source += '|';
    } else if (alternatives && character === '[' && pattern.indexOf(']', position + 1) !== -1) {
      const close = pattern.indexOf(']', position + 1);
      const members = pattern
        .slice(position + 1, close)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      source += `[${members}]`;
      position = close;
    } else {
      source += escapeRegExp(character);
    }
  }
  // An unclosed `{` still opens an alternative: close it rather than fail to compile.
  source += ')'.repeat(braceDepth);
  return new RegExp(`^${source}$`, dotAll ? 's' : '');
}
