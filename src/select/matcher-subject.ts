import type { MatcherSubject } from '../events/event-spec.js';

/**
 * The value a matcher is tested against: the payload field the catalogue names (its last path segment for
 * FileChanged). A missing or non-string field reads as `''`, which only match-all matchers accept, except
 * for an `ifPresent` subject (events the catalogue does not know): then undefined, and no matcher is tested.
 */
export function matcherSubjectOf(
  subject: MatcherSubject,
  payload: Readonly<Record<string, unknown>>,
): string | undefined {
  const value = payload[subject.field];
  if (typeof value !== 'string') return subject.ifPresent ? undefined : '';
  if (!subject.basename) return value;
  const cut = value.replace(/[/\\]+$/, '');
  return cut.slice(Math.max(cut.lastIndexOf('/'), cut.lastIndexOf('\\')) + 1);
}
