import { type GlobTest, globToRegExp } from '../../../patterns/glob-to-regexp.js';

/**
 * Compiles a glob to an anchored test over forward-slash paths, in time linear in the path (the linear
 * engine of src/patterns/): `**` crosses directories, `*` and `?` stay within one segment, `{a,b}` is an
 * alternative, `[abc]` a class. A pattern without `/` matches the file's basename, as `rg --glob` does, so
 * `*.ts` finds TypeScript files at any depth. A glob too large for that engine has a `warning` and matches
 * nothing.
 */
export function compileGlob(pattern: string): { regex: GlobTest; matchesBasename: boolean } {
  return {
    regex: globToRegExp(pattern, { pathAware: true, alternatives: true, dotAll: false }),
    matchesBasename: !pattern.includes('/'),
  };
}

/** What a glob is matched against: the relative path, or its basename for slash-free patterns. */
function globSubject(glob: { matchesBasename: boolean }, relativePath: string): string {
  return glob.matchesBasename ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath;
}

/** True when the relative path (or its basename, for slash-free patterns) matches. */
export function globMatches(
  glob: { regex: GlobTest; matchesBasename: boolean },
  relativePath: string,
): boolean {
  return glob.regex.test(globSubject(glob, relativePath));
}
