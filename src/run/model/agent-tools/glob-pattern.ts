import { globToRegExp } from '../../../patterns/glob-to-regexp.js';

/**
 * Compiles a glob to an anchored RegExp over forward-slash paths: `**` crosses directories, `*` and `?`
 * stay within one segment, `{a,b}` is an alternative, `[abc]` a class. A pattern without `/` matches
 * the file's basename, as `rg --glob` does, so `*.ts` finds TypeScript files at any depth.
 */
export function compileGlob(pattern: string): { regex: RegExp; matchesBasename: boolean } {
  return {
    regex: globToRegExp(pattern, { pathAware: true, alternatives: true, dotAll: false }),
    matchesBasename: !pattern.includes('/'),
  };
}

/** What a glob is matched against: the relative path, or its basename for slash-free patterns. */
export function globSubject(glob: { matchesBasename: boolean }, relativePath: string): string {
  return glob.matchesBasename ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath;
}

/** True when the relative path (or its basename, for slash-free patterns) matches. */
export function globMatches(
  glob: { regex: RegExp; matchesBasename: boolean },
  relativePath: string,
): boolean {
  const subject = glob.matchesBasename ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath;
  return glob.regex.test(subject);
}
