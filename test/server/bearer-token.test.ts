import { describe, expect, it } from 'vitest';
import { bearerTokenMatches, bearerTokenOf } from '../../src/server/bearer-token.js';

describe('the Authorization header', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER \t abc \t ', 'abc'],
    ['Bearer a b', 'a b'],
    ['Bearer', undefined],
    ['Bearer ', undefined],
    ['Bearer \t ', undefined],
    ['Bearerabc', undefined],
    ['Basic abc', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j carries the token %j', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token);
  });

  it('matches only the expected token', () => {
    expect(bearerTokenMatches('Bearer s3cret', 's3cret')).toBe(true);
    expect(bearerTokenMatches('Bearer s3cret ', 's3cret')).toBe(true);
    expect(bearerTokenMatches('Bearer s3cretx', 's3cret')).toBe(false);
    expect(bearerTokenMatches('Bearer ', '')).toBe(false);
    expect(bearerTokenMatches(undefined, 's3cret')).toBe(false);
  });

  // The header is read before authentication, from anyone. A backtracking pattern over it
  // (`^Bearer[ \t]+(.+?)[ \t]*$`) was quadratic on blanks between two characters: 16 KB took 250 ms, this
  // header would take tens of seconds. The test asserts that it finishes, never how fast.
  it('is read in one pass, whatever the header holds', () => {
    const hostile = `Bearer a${' \t'.repeat(64 * 1024)}b`;
    expect(bearerTokenOf(hostile)).toBe(hostile.slice('Bearer '.length));
    expect(bearerTokenMatches(hostile, 'token')).toBe(false);
    expect(bearerTokenMatches(`Bearer${' '.repeat(128 * 1024)}x`, 'x')).toBe(true);
  });
});
