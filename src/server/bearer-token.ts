import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether an `Authorization` header carries the expected bearer token. Both sides are hashed first, so
 * the comparison is over equal-length digests and takes the same time whatever the token's length or
 * where it first differs.
 */
export function bearerTokenMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer[ \t]+(.+?)[ \t]*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(expected)) && match !== null;
}
