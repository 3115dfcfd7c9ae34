import type { MatcherSubject } from '../events/event-spec.js';

/**
 * The value a matcher is tested against: the payload field the catalogue names (its last path segment for
 * FileChanged). A missing or non-string field reads as `''`, which only match-all matchers accept.
 */
export function matcherSubjectOf(
  subject: MatcherSubject,
  payload: Readonly<Record<string, unknown>>,
): string {
  const value = payload[subject.field];
  if (typeof value !== 'string') return '';
  if (!subject.basename) return value;
  const cut = value.replace(/[/\\]+$/, '');
  return cut.slice(Math.max(cut.lastIndexOf('/'), cut.lastIndexOf('\\')) + 1);
}
