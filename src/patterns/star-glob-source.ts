import { escapeRegExp } from '../common/escape-reg-exp.js';

/**
 * RegExp source (anchored) for a glob whose only wildcards are `*` (any run) and `?` (one character, unless
 * `questionMark` is `literal`), in
 * time linear in the subject for each segment of the pattern. The naive `^a.*b.*c$` backtracks: with k
 * stars, a subject that almost matches costs O(n^k) (30 ms for 10 stars on 2,000 characters, minutes on a
 * long command). Each star but the last is compiled as an atomic lazy search, `(?=(.*?seg))\N`: it takes the
 * leftmost occurrence of the next segment and never retries, which is exactly right for these globs (the
 * leftmost match of each middle segment leaves the most room for the rest), so the answer is unchanged and the
 * cost is at most the subject's length times the pattern's.
 */
export function starGlobSource(pattern: string, questionMark: 'wildcard' | 'literal' = 'wildcard'): string {
  const segments = pattern
    .split('*')
    .map((segment) =>
      questionMark === 'wildcard' ? segment.split('?').map(escapeRegExp).join('.') : escapeRegExp(segment),
    );
  const first = segments[0] as string;
  if (segments.length === 1) return `^${first}$`;
  const last = segments[segments.length - 1] as string;
  let source = `^${first}`;
  let group = 0;
  for (const middle of segments.slice(1, -1)) {
    if (middle === '') continue; // `**` is one star here
    group++;
    source += `(?=(.*?${middle}))\\${group}`;
  }
  return `${source}.*${last}$`;
}
