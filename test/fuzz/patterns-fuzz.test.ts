import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeRegExp } from '../../src/common/escape-reg-exp.js';
import { compileMatcher } from '../../src/patterns/compile-matcher.js';
import { starGlobSource } from '../../src/patterns/star-glob-source.js';
import { compileIfRule } from '../../src/select/if-rule.js';
import { matchesUrlPattern } from '../../src/settings/url-pattern.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * Matchers, `if` rules and URL patterns come from users' settings. Compiling any string must not throw, the
 * compiled test must not throw on any subject, and no pattern may stall the engine: the adversarial cases
 * below would run for minutes or hours with a backtracking compilation, so finishing at all (within vitest's
 * timeout) is the assertion; no time is measured.
 */

const REGEX_CHARACTERS = fc.constantFrom(...'ab|()[]{}*+?.^$\\-,: 0123/'.split(''));
const patternText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: REGEX_CHARACTERS, maxLength: 30 }),
);
const subject = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('a', 'b', '/', '\n'), maxLength: 60 }),
);

describe('pattern compilers never throw', () => {
  it('compileMatcher', async () => {
    await fuzzCheck(
      'patterns: matcher',
      fc.property(patternText, subject, (pattern, tested) => {
        const compiled = compileMatcher(pattern);
        expect(typeof compiled.test(tested)).toBe('boolean');
      }),
      400,
    );
  });

  it('compileIfRule', async () => {
    const rule = fc.oneof(
      patternText,
      fc
        .tuple(fc.constantFrom('Bash', 'Edit', 'Write', 'WebFetch', 'Glob', 'mcp__*', 'Other'), patternText)
        .map(([tool, argument]) => `${tool}(${argument})`),
    );
    const input = fc.dictionary(
      fc.constantFrom('command', 'file_path', 'url', 'pattern', 'path', 'other'),
      fc.oneof(subject, fc.integer(), fc.constant(null)),
    );
    await fuzzCheck(
      'patterns: if rule',
      fc.property(
        rule,
        fc.constantFrom('Bash', 'Edit', 'WebFetch', 'Glob', 'mcp__x__y'),
        input,
        (text, toolName, toolInput) => {
          const compiled = compileIfRule(text);
          expect(
            typeof compiled.test({ toolName, toolInput, cwd: '/project/sub', projectDir: '/project' }),
          ).toBe('boolean');
        },
      ),
      400,
    );
  });

  it('matchesUrlPattern', async () => {
    const url = fc.webUrl({ withQueryParameters: true, withFragments: true }).map((text) => new URL(text));
    const pattern = fc.oneof(
      patternText,
      fc
        .tuple(
          fc.constantFrom('http', 'https', '*'),
          fc.string({ unit: fc.constantFrom('a', '*', '.', ':', '[', ']', '@', '8'), maxLength: 12 }),
          patternText,
        )
        .map(([scheme, host, rest]) => `${scheme}://${host}/${rest}`),
    );
    await fuzzCheck(
      'patterns: URL pattern',
      fc.property(url, pattern, (parsed, text) => {
        expect(typeof matchesUrlPattern(parsed, text)).toBe('boolean');
      }),
      400,
    );
  });
});

describe('the linear star glob answers as the backtracking one', () => {
  it('on random globs of a, b, * and ? against random subjects', async () => {
    const glob = fc.string({ unit: fc.constantFrom('a', 'b', '*', '?', '.'), maxLength: 10 });
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '\n'), maxLength: 14 });
    await fuzzCheck(
      'patterns: star glob equivalence',
      fc.property(glob, text, (pattern, tested) => {
        const naive = new RegExp(
          `^${pattern
            .split('*')
            .map((part) => part.split('?').map(escapeRegExp).join('.'))
            .join('.*')}$`,
          's',
        );
        expect(new RegExp(starGlobSource(pattern), 's').test(tested)).toBe(naive.test(tested));
      }),
      2_000,
    );
  });
});

describe('adversarial patterns finish (catastrophic backtracking is bounded)', () => {
  const longA = 'a'.repeat(100_000);

  it('a matcher nesting unbounded repetitions is refused with a warning, and matches nothing at once', () => {
    for (const pattern of ['(a+)+$', '(a*)*b', '(?:\\w+)+x', '(a|aa+)+$', '([a-z]+)*$']) {
      const compiled = compileMatcher(pattern);
      expect(compiled.warning).toContain('exponential');
      expect(compiled.test(`${'a'.repeat(40)}!`)).toBe(false);
    }
  });

  it('an `if` rule with many stars against a long command', () => {
    const rule = compileIfRule(`Bash(${'*a'.repeat(20)}*b)`);
    const call = { toolName: 'Bash', toolInput: { command: longA }, cwd: '/', projectDir: '/' };
    expect(rule.test(call)).toBe(false);
  });

  it('a URL pattern with many stars against a long URL', () => {
    const url = new URL(`https://example.com/${longA}`);
    expect(matchesUrlPattern(url, `https://example.com/${'*a'.repeat(20)}*b`)).toBe(false);
  });
});
