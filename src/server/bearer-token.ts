import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

const SCHEME = 'bearer';

function isBlank(character: string | undefined): boolean {
  return character === ' ' || character === '\t';
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, blanks around the
 * token dropped), or undefined. One pass over the header, no regular expression: the header comes before
 * authentication, from anyone, so its cost must stay linear in its length.
 */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const header = authorization ?? '';
  if (header.slice(0, SCHEME.length).toLowerCase() !== SCHEME || !isBlank(header[SCHEME.length])) {
    return undefined;
  }
  let start = SCHEME.length;
  while (isBlank(header[start])) start += 1;
  let end = header.length;
  while (end > start && isBlank(header[end - 1])) end -= 1;
  return end > start ? header.slice(start, end) : undefined;
}

/**
 * Whether an `Authorization` header carries the expected bearer token. Both sides are hashed first, so
 * the comparison is over equal-length digests and takes the same time whatever the token's length or
 * where it first differs.
 */
export function bearerTokenMatches(authorization: string | undefined, expected: string): boolean {
  const given = bearerTokenOf(authorization);
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined;
}
