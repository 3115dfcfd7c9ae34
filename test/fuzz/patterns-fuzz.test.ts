import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeRegExp } from '../../src/common/escape-reg-exp.js';
import { compileMatcher } from '../../src/patterns/compile-matcher.js';
import { type GlobSyntax, globSource, globToRegExp } from '../../src/patterns/glob-to-regexp.js';
import {
  compileLinearRegExp,
  type LinearPattern,
  type LinearRefusal,
} from '../../src/patterns/linear-regexp.js';
import { starGlobSource } from '../../src/patterns/star-glob-source.js';
import { compileIfRule } from '../../src/select/if-rule.js';
import { matchesUrlPattern } from '../../src/settings/url-pattern.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * Matchers, `if` rules and URL patterns come from users' settings. Compiling any string must not throw, the
 * compiled test must not throw on any subject, and no pattern may stall the engine: the adversarial cases
 * below would run for minutes or hours with a backtracking compilation. No time is measured: the linear
 * engine counts its steps, and the properties check that count against its bound, (subject length + 1) x 2
 * x states, and its answers against RegExp's on subjects short enough for RegExp to answer at once.
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

  const nearMiss = `${'a'.repeat(40)}!`;

  it('matchers that backtrack (nested repetition, overlapping alternatives) are matched, linearly', () => {
    // `(a|a)*$` and `^(\\w|\\d)*$` took 42 s for one request in serve; neither was refused.
    for (const pattern of ['(a+)+$', '(a*)*b', '(?:\\w+)+x', '(a|aa+)+$', '([a-z]+)*$', '(a|a)*$']) {
      const compiled = compileMatcher(pattern);
      expect(compiled.warning).toBeUndefined();
      expect(compiled.test(nearMiss)).toBe(new RegExp(pattern).test(nearMiss.slice(-12)));
      expect(compiled.test('a'.repeat(30))).toBe(!pattern.endsWith('b') && !pattern.endsWith('x'));
    }
    const words = compileMatcher('^(\\w|\\d)*$');
    expect(words.test(`${'1'.repeat(100_000)}!`)).toBe(false);
    expect(words.test('mcp__github__search1')).toBe(true);
  });

  it('the steps of a match stay within (length + 1) x 2 x states on adversarial subjects', () => {
    for (const pattern of ['(a+)+$', '^(a|a)*$', '^(\\w|\\d)*$', '(.*a){12}$', '(a|aa)*b', '(\\w*)*x']) {
      const linear = linearOf(pattern);
      for (const tested of [nearMiss, `${'a'.repeat(10_000)}!`, `${'1'.repeat(10_000)}!`]) {
        const { matched, steps } = linear.testCountingSteps(tested);
        expect(matched).toBe(false);
        expect(steps).toBeLessThanOrEqual((tested.length + 1) * 2 * linear.states);
      }
    }
  });

  it('a path glob of many stars against a long name: no match, in linear steps', () => {
    // As a backtracking RegExp, `Read(*a*a*a*a*a*a*a*b)` took 224 s against one 80-character name.
    const name = 'a'.repeat(80);
    const rule = compileIfRule('Read(*a*a*a*a*a*a*a*b)');
    expect(rule.warning).toBeUndefined();
    expect(rule.test({ toolName: 'Read', toolInput: { file_path: name }, cwd: '/', projectDir: '/' })).toBe(
      false,
    );
    const linear = linearOf(globSource('*a*a*a*a*a*a*a*b', { pathAware: true }), true);
    const { matched, steps } = linear.testCountingSteps(name);
    expect(matched).toBe(false);
    expect(steps).toBeLessThanOrEqual(81 * 2 * linear.states);
    expect(
      compileIfRule('Read(*a*a*a*a*a*a*a*b)').test({
        toolName: 'Read',
        toolInput: { file_path: `${name}b` },
        cwd: '/',
        projectDir: '/',
      }),
    ).toBe(true);
  });

  it('what the linear engine cannot read is refused with a warning, and matches nothing', () => {
    for (const pattern of ['(?=a)a', '(?!b)a', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<x>a)\\k<x>']) {
      const compiled = compileMatcher(pattern);
      expect(compiled.warning).toMatch(/cannot be matched in linear time; it matches nothing/);
      expect(compiled.test('aab')).toBe(false);
    }
    const huge = compileIfRule(`Read(${'*a'.repeat(4000)})`);
    expect(huge.warning).toMatch(/needs more than 10000 states/);
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

function linearOf(source: string, dotAll = false): LinearPattern {
  const compiled: LinearPattern | LinearRefusal = compileLinearRegExp(source, dotAll);
  if ('refusal' in compiled) throw new Error(`${source} ${compiled.refusal}`);
  return compiled;
}

describe('the linear engine answers as RegExp', () => {
  const regexUnit = fc.constantFrom(
    ...'ab|()[]{}*+?.^$\\-,:0123dwsWbB/'.split(''),
    '(?:',
    '{2}',
    '{1,3}',
    '{2,}',
  );
  const shortSubject = fc.string({
    unit: fc.constantFrom('a', 'b', '1', '-', ' ', '/', '\n', '_'),
    maxLength: 10,
  });

  it('on random patterns against short subjects, in bounded steps', async () => {
    await fuzzCheck(
      'patterns: linear engine equivalence',
      fc.property(
        fc.array(regexUnit, { maxLength: 12 }).map((units) => units.join('')),
        fc.boolean(),
        fc.array(shortSubject, { minLength: 1, maxLength: 4 }),
        (source, dotAll, subjects) => {
          let reference: RegExp;
          try {
            reference = new RegExp(source, dotAll ? 's' : '');
          } catch {
            return;
          }
          const linear = compileLinearRegExp(source, dotAll);
          if ('refusal' in linear) {
            // Only a backreference can be refused here: no lookaround can be generated.
            expect(source).toMatch(/\\[1-9]/);
            return;
          }
          for (const tested of subjects) {
            const { matched, steps } = linear.testCountingSteps(tested);
            expect(matched).toBe(reference.test(tested));
            expect(steps).toBeLessThanOrEqual((tested.length + 1) * 2 * linear.states);
          }
        },
      ),
      3_000,
    );
  });

  it('path globs answer as their RegExp source does', async () => {
    const syntaxes: GlobSyntax[] = [
      { pathAware: true },
      { pathAware: true, alternatives: true, dotAll: false },
      { pathAware: false, alternatives: true },
    ];
    await fuzzCheck(
      'patterns: path glob equivalence',
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab*?/.{},[]!'.split(''), '**'), maxLength: 10 }),
        fc.constantFrom(...syntaxes),
        fc.string({ unit: fc.constantFrom('a', 'b', '/', '.', '\n', '{', ','), maxLength: 10 }),
        (pattern, syntax, tested) => {
          const reference = new RegExp(globSource(pattern, syntax), syntax.dotAll === false ? '' : 's');
          expect(globToRegExp(pattern, syntax).test(tested)).toBe(reference.test(tested));
        },
      ),
      2_000,
    );
  });
});
