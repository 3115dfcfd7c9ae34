/*
 * JavaScript's RegExp engine backtracks: `(a+)+$`, `(a|a)*$`, `^(\w|\d)*$` or `.*.*.*x` take time exponential
 * or polynomial in the subject on one that almost matches, and a matcher or glob from a user's settings is
 * tested on every event (42 s for one request in `serve`). This is a second engine for the same syntax, the
 * regular part of it, that never backtracks: the pattern becomes a Thompson automaton, and a subject is read
 * once, left to right, keeping the set of states the automaton can be in (each state at most once). A test
 * costs at most (subject length + 1) x 2 x (number of states) steps, whatever the pattern.
 *
 * Its answers are RegExp's `test` (unanchored, no flags but `s`), for everything but what is not regular:
 * lookarounds and backreferences cannot be read this way, and a pattern using them is refused, as is one
 * whose automaton would pass MAX_STATES (`a{1000}{1000}`). `test/fuzz/patterns-fuzz.test.ts` compares both
 * engines on random patterns and counts the steps on adversarial subjects.
 */

/** A compiled pattern: `test` answers as `new RegExp(source, flags).test` does. */
export interface LinearPattern {
  readonly test: (subject: string) => boolean;
  /** `test`, also telling how many steps it took: at most (subject length + 1) x 2 x `states`. */
  readonly testCountingSteps: (subject: string) => { readonly matched: boolean; readonly steps: number };
  /** The number of states of the automaton. */
  readonly states: number;
}

/** Why a pattern cannot be matched in linear time, as the end of a sentence starting "matcher X ...". */
export interface LinearRefusal {
  readonly refusal: string;
}

/** Automata larger than this are refused: each state costs a step per subject character. */
export const MAX_STATES = 10_000;

/**
 * Compiles `source` (already known to be a valid RegExp for these flags) into a linear-time pattern, or says
 * why it cannot. `dotAll` is the `s` flag.
 */
export function compileLinearRegExp(source: string, dotAll = false): LinearPattern | LinearRefusal {
  let tree: Node;
  try {
    tree = new Parser(source, dotAll).parseAll();
  } catch (error) {
    if (error instanceof Refusal) return { refusal: error.message };
    throw error;
  }
  const automaton = new Automaton();
  const start = automaton.compile(tree, automaton.add(MATCH, 0, -1, -1));
  if (automaton.size > MAX_STATES)
    return { refusal: `needs more than ${MAX_STATES} states to be matched in linear time` };
  return automaton.pattern(start);
}

class Refusal extends Error {}

/** A set of UTF-16 code units: inclusive ranges as [low, high, low, high, ...], possibly negated. */
interface CharSet {
  readonly ranges: readonly number[];
  readonly negated: boolean;
}

type Assertion = 'start' | 'end' | 'word' | 'notWord';

type Node =
  | { readonly kind: 'empty' }
  | { readonly kind: 'char'; readonly set: CharSet }
  | { readonly kind: 'assert'; readonly which: Assertion }
  | { readonly kind: 'concat'; readonly items: readonly Node[] }
  | { readonly kind: 'alternation'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly body: Node; readonly min: number; readonly max: number };

const EMPTY: Node = { kind: 'empty' };
const DIGIT = [0x30, 0x39];
const WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// JavaScript's \s: WhiteSpace and LineTerminator.
const SPACE = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f,
  0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
];
const LINE_TERMINATORS = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
const CLASS_ESCAPES: Readonly<Record<string, CharSet>> = {
  d: { ranges: DIGIT, negated: false },
  D: { ranges: DIGIT, negated: true },
  w: { ranges: WORD, negated: false },
  W: { ranges: WORD, negated: true },
  s: { ranges: SPACE, negated: false },
  S: { ranges: SPACE, negated: true },
};
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

const single = (code: number): CharSet => ({ ranges: [code, code], negated: false });

/** A recursive-descent parser of RegExp syntax without the `u` flag (with its Annex B leniencies). */
class Parser {
  #position = 0;
  readonly #source: string;
  readonly #dot: CharSet;

  constructor(source: string, dotAll: boolean) {
    this.#source = source;
    this.#dot = { ranges: dotAll ? [] : LINE_TERMINATORS, negated: true };
  }

  parseAll(): Node {
    const tree = this.#alternation();
    // A valid pattern is read to its end; a stray `)` would have failed RegExp's own check.
    if (this.#position < this.#source.length) throw new Refusal(`cannot be read at ${this.#position}`);
    return tree;
  }

  #alternation(): Node {
    const options = [this.#sequence()];
    while (this.#source[this.#position] === '|') {
      this.#position++;
      options.push(this.#sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alternation', options };
  }

  #sequence(): Node {
    const items: Node[] = [];
    while (this.#position < this.#source.length) {
      const character = this.#source[this.#position];
      if (character === '|' || character === ')') break;
      const atom = this.#atom();
      items.push(this.#quantified(atom));
    }
    return items.length === 0 ? EMPTY : items.length === 1 ? (items[0] as Node) : { kind: 'concat', items };
  }

  #quantified(atom: Node): Node {
    let min: number;
    let max: number;
    const character = this.#source[this.#position];
    if (character === '*' || character === '+' || character === '?') {
      this.#position++;
      [min, max] = character === '*' ? [0, Infinity] : character === '+' ? [1, Infinity] : [0, 1];
    } else {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.#source.slice(this.#position, this.#position + 40));
      if (!braces) return atom;
      this.#position += braces[0].length;
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
    }
    // Laziness changes which match is found, never whether there is one.
    if (this.#source[this.#position] === '?') this.#position++;
    if (min > MAX_STATES || (max !== Infinity && max > MAX_STATES))
      throw new Refusal(`needs more than ${MAX_STATES} states to be matched in linear time`);
    return { kind: 'repeat', body: atom, min, max };
  }

  #atom(): Node {
    const source = this.#source;
    const character = source[this.#position] as string;
    this.#position++;
    switch (character) {
      case '^':
        return { kind: 'assert', which: 'start' };
      case '$':
        return { kind: 'assert', which: 'end' };
      case '.':
        return { kind: 'char', set: this.#dot };
      case '[':
        return { kind: 'char', set: this.#characterClass() };
      case '(':
        return this.#group();
      case '\\':
        return this.#escape();
      default:
        return { kind: 'char', set: single(character.charCodeAt(0)) };
    }
  }

  #group(): Node {
    const source = this.#source;
    if (source[this.#position] === '?') {
      const kind = source.slice(this.#position, this.#position + 3);
      if (kind.startsWith('?:')) this.#position += 2;
      else if (kind === '?<=' || kind === '?<!' || kind.startsWith('?=') || kind.startsWith('?!'))
        throw new Refusal('uses a lookaround ((?=, (?!, (?<=, (?<!), which cannot be matched in linear time');
      else if (kind.startsWith('?<')) this.#position = source.indexOf('>', this.#position) + 1;
      else throw new Refusal(`uses the group syntax (${kind}, which hookwire does not read`);
    }
    const body = this.#alternation();
    this.#position++; // the `)`
    return body;
  }

  #escape(): Node {
    const character = this.#source[this.#position] as string;
    if (character === 'b' || character === 'B') {
      this.#position++;
      return { kind: 'assert', which: character === 'b' ? 'word' : 'notWord' };
    }
    if (/[1-9]/.test(character) || this.#source.startsWith('k<', this.#position))
      throw new Refusal('uses a backreference (\\1, \\k<name>), which cannot be matched in linear time');
    return { kind: 'char', set: this.#escapedSet(false) };
  }

  /** The set of the escape after a `\` (the position is on its first character). */
  #escapedSet(inClass: boolean): CharSet {
    const source = this.#source;
    const character = source[this.#position] as string;
    this.#position++;
    const named = CLASS_ESCAPES[character];
    if (named) return named;
    const control = CONTROL_ESCAPES[character];
    if (control !== undefined) return single(control);
    if (inClass && character === 'b') return single(8);
    // `\cJ`; in a class also `\c1` and `\c_` (Annex B).
    if (character === 'c' && (inClass ? /[A-Za-z0-9_]/ : /[A-Za-z]/).test(source[this.#position] ?? '')) {
      this.#position++;
      return single((source.charCodeAt(this.#position - 1) as number) % 32);
    }
    if (character === 'c') {
      // `\c` not followed by a letter is a backslash, and the `c` is read next.
      this.#position--;
      return single(0x5c);
    }
    if (character === 'x' || character === 'u') {
      const digits = character === 'x' ? 2 : 4;
      const hex = source.slice(this.#position, this.#position + digits);
      if (hex.length === digits && /^[0-9A-Fa-f]+$/.test(hex)) {
        this.#position += digits;
        return single(Number.parseInt(hex, 16));
      }
      return single(character.charCodeAt(0));
    }
    if (/[0-7]/.test(character) && (inClass || character === '0')) {
      // Legacy octal escapes: `\0`, and in a class `\1` to `\377`.
      const octal = /^[0-7]{0,2}/.exec(source.slice(this.#position, this.#position + 2))?.[0] ?? '';
      const value = Number.parseInt(character + octal, 8);
      const taken = value > 0o377 ? octal.slice(0, 1) : octal;
      this.#position += taken.length;
      return single(Number.parseInt(character + taken, 8));
    }
    return single(character.charCodeAt(0));
  }

  #characterClass(): CharSet {
    const source = this.#source;
    const negated = source[this.#position] === '^';
    if (negated) this.#position++;
    const ranges: number[] = [];
    while (this.#position < source.length && source[this.#position] !== ']') {
      const low = this.#classAtom();
      if (
        source[this.#position] === '-' &&
        source[this.#position + 1] !== ']' &&
        this.#position + 1 < source.length
      ) {
        const save = this.#position;
        this.#position++;
        const high = this.#classAtom();
        if (isSingle(low) && isSingle(high)) {
          ranges.push(low.ranges[0] as number, high.ranges[0] as number);
          continue;
        }
        // `[\d-z]`: not a range (Annex B), the three items apart.
        this.#position = save;
      }
      ranges.push(...flatten(low));
    }
    this.#position++; // the `]`
    return { ranges, negated };
  }

  #classAtom(): CharSet {
    const character = this.#source[this.#position] as string;
    this.#position++;
    if (character !== '\\') return single(character.charCodeAt(0));
    return this.#escapedSet(true);
  }
}

function isSingle(set: CharSet): boolean {
  return !set.negated && set.ranges.length === 2 && set.ranges[0] === set.ranges[1];
}

/** The ranges of a set, the complement of a negated one (`[\D]`) written out. */
function flatten(set: CharSet): number[] {
  if (!set.negated) return [...set.ranges];
  const pairs: [number, number][] = [];
  for (let index = 0; index < set.ranges.length; index += 2)
    pairs.push([set.ranges[index] as number, set.ranges[index + 1] as number]);
  pairs.sort((a, b) => a[0] - b[0]);
  const complement: number[] = [];
  let next = 0;
  for (const [low, high] of pairs) {
    if (low > next) complement.push(next, low - 1);
    next = Math.max(next, high + 1);
  }
  if (next <= 0xffff) complement.push(next, 0xffff);
  return complement;
}

function inSet(set: CharSet, code: number): boolean {
  const { ranges } = set;
  for (let index = 0; index < ranges.length; index += 2) {
    if (code >= (ranges[index] as number) && code <= (ranges[index + 1] as number)) return !set.negated;
  }
  return set.negated;
}

function isWordCode(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x5f ||
    (code >= 0x61 && code <= 0x7a)
  );
}

// State kinds.
const MATCH = 0;
const CHAR = 1;
const SPLIT = 2;
const ASSERT = 3;
const ASSERTIONS: readonly Assertion[] = ['start', 'end', 'word', 'notWord'];

/** A Thompson automaton under construction: states in parallel arrays. */
class Automaton {
  readonly #kinds: number[] = [];
  /** CHAR: the index of its set; ASSERT: the index of its assertion. */
  readonly #arguments: number[] = [];
  readonly #out: number[] = [];
  readonly #alternative: number[] = [];
  readonly #sets: CharSet[] = [];

  get size(): number {
    return this.#kinds.length;
  }

  add(kind: number, argument: number, out: number, alternative: number): number {
    this.#kinds.push(kind);
    this.#arguments.push(argument);
    this.#out.push(out);
    this.#alternative.push(alternative);
    return this.#kinds.length - 1;
  }

  /** The entry state of `node`, which continues to `next`. Built backwards, so no patching is needed. */
  compile(node: Node, next: number): number {
    // Past the bound the result is refused anyway: stop building, so that refusing costs little.
    if (this.size > MAX_STATES) return next;
    switch (node.kind) {
      case 'empty':
        return next;
      case 'char':
        this.#sets.push(node.set);
        return this.add(CHAR, this.#sets.length - 1, next, -1);
      case 'assert':
        return this.add(ASSERT, ASSERTIONS.indexOf(node.which), next, -1);
      case 'concat': {
        let entry = next;
        for (let index = node.items.length - 1; index >= 0; index--)
          entry = this.compile(node.items[index] as Node, entry);
        return entry;
      }
      case 'alternation': {
        // A chain of splits, tried in order (the order does not change whether there is a match).
        let entry = this.compile(node.options[node.options.length - 1] as Node, next);
        for (let index = node.options.length - 2; index >= 0; index--)
          entry = this.add(SPLIT, 0, this.compile(node.options[index] as Node, next), entry);
        return entry;
      }
      case 'repeat':
        return this.#repeat(node.body, node.min, node.max, next);
    }
  }

  #repeat(body: Node, min: number, max: number, next: number): number {
    let entry = next;
    if (max === Infinity) {
      const loop = this.add(SPLIT, 0, -1, next);
      this.#out[loop] = this.compile(body, loop);
      entry = loop;
    } else {
      for (let count = min; count < max && this.size <= MAX_STATES; count++)
        entry = this.add(SPLIT, 0, this.compile(body, entry), next);
    }
    for (let count = 0; count < min && this.size <= MAX_STATES; count++) entry = this.compile(body, entry);
    return entry;
  }

  pattern(start: number): LinearPattern {
    const kinds = Int8Array.from(this.#kinds);
    const argumentsOf = Int32Array.from(this.#arguments);
    const out = Int32Array.from(this.#out);
    const alternative = Int32Array.from(this.#alternative);
    const sets = this.#sets;
    const size = kinds.length;

    const run = (subject: string): { matched: boolean; steps: number } => {
      let current = new Int32Array(size);
      let following = new Int32Array(size);
      // A state is in a list at most once: `seen[state]` is the generation of the list that holds it.
      const seen = new Int32Array(size).fill(-1);
      // Each state taken from the stack for the first time pushes at most two: one closure pushes at most 2m+1.
      const stack = new Int32Array(2 * size + 1);
      let currentLength = 0;
      let followingLength = 0;
      let steps = 0;
      let generation = 0;
      const length = subject.length;

      /** Adds `state` and every state it reaches without reading (the epsilon closure) at `position`. */
      const close = (list: Int32Array, listLength: number, state: number, position: number): number => {
        let top = 0;
        let added = listLength;
        stack[top++] = state;
        while (top > 0) {
          const at = stack[--top] as number;
          if (seen[at] === generation) continue;
          seen[at] = generation;
          steps++;
          const kind = kinds[at];
          if (kind === SPLIT) {
            stack[top++] = alternative[at] as number;
            stack[top++] = out[at] as number;
          } else if (kind === ASSERT) {
            if (holds(argumentsOf[at] as number, subject, position, length)) stack[top++] = out[at] as number;
          } else {
            list[added++] = at;
            if (kind === MATCH) return -1;
          }
        }
        return added;
      };

      for (let position = 0; ; position++) {
        // Unanchored: a match may start at every position.
        currentLength = close(current, currentLength, start, position);
        if (currentLength < 0) return { matched: true, steps };
        if (position === length) return { matched: false, steps };
        const code = subject.charCodeAt(position);
        generation++;
        followingLength = 0;
        for (let index = 0; index < currentLength; index++) {
          const state = current[index] as number;
          steps++;
          if (kinds[state] === CHAR && inSet(sets[argumentsOf[state] as number] as CharSet, code)) {
            followingLength = close(following, followingLength, out[state] as number, position + 1);
            if (followingLength < 0) return { matched: true, steps };
          }
        }
        [current, following] = [following, current];
        currentLength = followingLength;
      }
    };
    return {
      test: (subject) => run(subject).matched,
      testCountingSteps: run,
      states: size,
    };
  }
}

function holds(assertion: number, subject: string, position: number, length: number): boolean {
  switch (ASSERTIONS[assertion]) {
    case 'start':
      return position === 0;
    case 'end':
      return position === length;
    default: {
      const before = position > 0 && isWordCode(subject.charCodeAt(position - 1));
      const after = position < length && isWordCode(subject.charCodeAt(position));
      return (before !== after) === (ASSERTIONS[assertion] === 'word');
    }
  }
}
