import { compileLinearRegExp } from '../../patterns/linear-regexp.js';

/*
 * A Hooks v2 matcher (upstream `snapshot.py`): empty, missing or `*` matches everything; one made only of
 * word characters, spaces, commas, hyphens and bars is a set of exact names (split on `|` and `,`, trimmed,
 * case-sensitive); anything else is a Python regular expression searched anywhere in the subject
 * (`re.search`). It runs here on the project's linear engine (src/patterns/), never on a backtracking one.
 *
 * Python's and JavaScript's regular expressions agree on the common syntax, for ASCII subjects. Where they
 * differ, the pattern is refused (the group is rejected with `invalid_matcher`, as a pattern Python cannot
 * compile is), rather than matched differently:
 * - Python-only syntax: named groups `(?P<n>...)`, `(?P=n)`, inline flags `(?i)`, `(?x)`..., `\A`, `\Z`,
 *   atomic groups and possessive quantifiers, conditionals `(?(1)...)`, comments `(?#...)`, `{,n}`;
 * - JavaScript-only syntax Python reads otherwise: `(?<n>...)` named groups, `\k<n>`, `\cX`, `\u{...}`;
 * - lookarounds and backreferences, which the linear engine refuses;
 * - `\d \w \s \b` (and their negations) and `$`, whose meaning is the same only on ASCII subjects without a
 *   trailing newline: such a subject is tested, any other one is a no-match with `subjectDiffers`.
 */

/** A compiled matcher. */
export type CompiledHookMatcher =
  | { readonly kind: 'all' }
  | { readonly kind: 'names'; readonly names: ReadonlySet<string> }
  | {
      readonly kind: 'regex';
      readonly test: (subject: string) => boolean;
      /** True when the subject is one on which Python and JavaScript could answer differently. */
      readonly subjectDiffers: (subject: string) => boolean;
    };

const EXACT_NAMES = /^[\w\s,\-|]+$/;
const PYTHON_ONLY = [
  [/\(\?P[<=>]/, 'Python named groups (?P...)'],
  [/\(\?[aiLmsux-]+[):]/, 'inline flags'],
  [/\(\?[>#(]/, 'atomic groups, comments and conditionals'],
  [/\\[AZz]/, '\\A, \\Z'],
  [/[*+?}][+]/, 'possessive quantifiers'],
  [/\{,\d*\}/, 'the {,n} quantifier'],
  [/\(\?<[A-Za-z_]/, 'JavaScript named groups (?<n>...)'],
  [/\\k<|\\c[A-Za-z]|\\u\{/, '\\k<...>, \\cX and \\u{...}'],
] as const;
const CLASS_ESCAPE = /\\[dDwWsSbB]|\$/;

/** Compiles `matcher`, or says why it is refused (upstream's `invalid_matcher`). */
export function compileHookMatcher(
  matcher: string | undefined | null,
): CompiledHookMatcher | { readonly refusal: string; readonly python?: true } {
  if (matcher === undefined || matcher === null || matcher === '' || matcher === '*') return { kind: 'all' };
  if (EXACT_NAMES.test(matcher)) {
    const names = matcher
      .split(/[|,]/)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    return { kind: 'names', names: new Set(names) };
  }
  const source = withoutEscapedText(matcher);
  for (const [pattern, what] of PYTHON_ONLY) {
    if (pattern.test(source))
      return { refusal: `${what} mean something else in JavaScript's regular expressions` };
  }
  try {
    new RegExp(matcher);
  } catch (error) {
    // A pattern neither engine compiles: refused with Python's own words where they are known.
    const python = pythonSyntaxError(matcher);
    return python === null ? { refusal: (error as Error).message } : { refusal: python, python: true };
  }
  const linear = compileLinearRegExp(matcher);
  if ('refusal' in linear) return { refusal: linear.refusal };
  const sensitive = CLASS_ESCAPE.test(source);
  return {
    kind: 'regex',
    test: (subject) => linear.test(subject),
    // ASCII is the range both engines agree on.
    subjectDiffers: (subject) => sensitive && (/[^\u0000-\u007f]/.test(subject) || subject.endsWith('\n')),
  };
}

/** True when `compiled` matches `subject` (a missing subject matches only "everything"). */
export function hookMatcherMatches(compiled: CompiledHookMatcher, subject: string | undefined): boolean {
  if (compiled.kind === 'all') return true;
  if (subject === undefined) return false;
  if (compiled.kind === 'names') return compiled.names.has(subject);
  return !compiled.subjectDiffers(subject) && compiled.test(subject);
}

/** The pattern with escaped characters blanked (`\\(` is no group), so the syntax checks see only syntax. */
function withoutEscapedText(pattern: string): string {
  return pattern.replace(/\\(.)/g, (whole, char: string) => (/[AZzdDwWsSbBkcu]/.test(char) ? whole : '__'));
}

/*
 * Python's `re.error` text for the syntax errors both engines refuse: an unterminated group or character
 * set, an unbalanced `)`, a quantifier with nothing to repeat, `{m,n}` with m > n, a trailing backslash,
 * each `... at position N` as `re` counts it. Null for another error (the engine's own words are kept).
 */
export function pythonSyntaxError(pattern: string): string | null {
  const chars = Array.from(pattern);
  const open: number[] = [];
  let atomStart = true;
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    if (char === '\\') {
      if (index + 1 >= chars.length) return `bad escape (end of pattern) at position ${index}`;
      index += 1;
      atomStart = false;
      continue;
    }
    if (char === '[') {
      let end = index + 1;
      if (chars[end] === '^') end += 1;
      if (chars[end] === ']') end += 1;
      while (end < chars.length && chars[end] !== ']') end += chars[end] === '\\' ? 2 : 1;
      if (end >= chars.length) return `unterminated character set at position ${index}`;
      index = end;
      atomStart = false;
      continue;
    }
    if (char === '(') {
      open.push(index);
      atomStart = true;
      if (chars[index + 1] === '?') index += 1;
      continue;
    }
    if (char === ')') {
      if (open.pop() === undefined) return `unbalanced parenthesis at position ${index}`;
      atomStart = false;
      continue;
    }
    if (char === '|') {
      atomStart = true;
      continue;
    }
    if (char === '*' || char === '+' || char === '?') {
      if (atomStart) return `nothing to repeat at position ${index}`;
      if (chars[index + 1] === '?') index += 1;
      atomStart = false;
      continue;
    }
    if (char === '{') {
      const quantifier = /^\{(\d*),?(\d*)\}/.exec(chars.slice(index).join(''));
      if (quantifier !== null && (quantifier[1] !== '' || quantifier[2] !== '')) {
        if (atomStart) return `nothing to repeat at position ${index}`;
        const min = quantifier[1] === '' ? 0 : Number(quantifier[1]);
        if (quantifier[2] !== '' && quantifier[0].includes(',') && Number(quantifier[2]) < min)
          return `min repeat greater than max repeat at position ${index + 1}`;
        index += quantifier[0].length - 1;
        continue;
      }
    }
    atomStart = false;
  }
  const unclosed = open.pop();
  return unclosed === undefined ? null : `missing ), unterminated subpattern at position ${unclosed}`;
}

/** Python's `repr` of a string: single quotes unless it holds one and no double quote, escapes as Python writes them. */
export function pythonRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let body = '';
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (char === '\\') body += '\\\\';
    else if (char === quote) body += `\\${quote}`;
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else if (char === '\t') body += '\\t';
    else if (code < 0x20 || code === 0x7f) body += `\\x${code.toString(16).padStart(2, '0')}`;
    else body += char;
  }
  return `${quote}${body}${quote}`;
}
