import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/patterns/compile-matcher.js';

// [matcher, subject, matches]
const cases: Array<[string | undefined, string, boolean]> = [
  [undefined, 'Bash', true],
  ['', 'Bash', true],
  ['*', 'Bash', true],
  ['  *  ', 'Bash', true],
  ['Bash', 'Bash', true],
  [' Bash ', 'Bash', true],
  ['Ba', 'Bash', false],
  ['bash', 'Bash', false],
  ['Edit|Write', 'Write', true],
  ['Edit|Write', 'Bash', false],
  ['Edit, Write', 'Write', true],
  ['mcp__git-hub__list', 'mcp__git-hub__list', true],
  ['^Ba', 'Bash', true],
  ['B.sh', 'Bash', true],
  ['(Bash)', 'Bash', true],
  ['.*', 'Bash', true],
  ['mcp__.*', 'mcp__github__list', true],
  ['Edit.*', 'MultiEdit', true], // unanchored, as in Claude Code
  ['Edit', 'MultiEdit', false],
  ['.*Edit', 'MultiEdit', true],
  ['Bash(echo*)', 'Bash', false],
  ['*.ts', 'a.ts', false],
];

describe('compileMatcher', () => {
  it.each(cases)('%j against %j → %j', (matcher, subject, expected) => {
    expect(compileMatcher(matcher).test(subject)).toBe(expected);
  });

  it('reports a regular expression that does not compile, and matches nothing', () => {
    const matcher = compileMatcher('*.ts');
    expect(matcher.warning).toMatch(
      /^matcher "\*\.ts" is not a valid regular expression \(.+\); it matches nothing$/,
    );
    expect(matcher.test('')).toBe(false);
  });
});
