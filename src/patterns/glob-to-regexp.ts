import { escapeRegExp } from '../common/escape-reg-exp.js';
import { compileLinearRegExp } from './linear-regexp.js';
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

/** A compiled glob: whether a whole subject matches it. */
export interface GlobTest {
  readonly test: (subject: string) => boolean;
  /** Set when the glob is too large to be matched in linear time: it then matches nothing. */
  readonly warning?: string;
}

/**
 * Compiles a glob into an anchored test, in time linear in the subject for every pattern. The one glob
 * compiler for permission rules (`Edit(src/**\/*.ts)` path-aware, `Bash(git *)` not, where arguments
 * contain slashes) and for the agent tools' file globs (path-aware, with alternatives and classes, as
 * `rg --glob`). Text globs take the linear form of star-glob-source.ts (a RegExp); path globs, where `*`
 * stops at `/` and `**` does not, run on the linear engine: as a backtracking RegExp,
 * `Read(*a*a*a*a*a*a*a*b)` took 224 s against one 80-character name.
 */
export function globToRegExp(pattern: string, syntax: GlobSyntax): GlobTest {
  const { pathAware, alternatives = false, dotAll = true } = syntax;
  if (!pathAware && !alternatives) return new RegExp(starGlobSource(pattern), dotAll ? 's' : '');
  const compiled = compileLinearRegExp(globSource(pattern, syntax), dotAll);
  // The source uses only what the linear engine reads (no lookaround, no backreference), in a few states
  // per character of the glob: only a glob of thousands of characters is refused.
  if ('refusal' in compiled)
    return { test: () => false, warning: `glob "${pattern}" ${compiled.refusal}; it matches nothing` };
  return compiled;
}

/** The anchored RegExp source of a path-aware glob, or one with alternatives (the reference of the tests). */
export function globSource(pattern: string, syntax: GlobSyntax): string {
  const { pathAware, alternatives = false } = syntax;
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
  return `^${source}$`;
}
