/*
 * JavaScript's RegExp engine backtracks: a group repeated without bound whose body can itself repeat without
 * bound, `(a+)+$` or `(\w*)*x`, takes time exponential in the subject's length on a subject that almost
 * matches. Such a matcher from a user's settings would stall the engine on every event it is tested against,
 * so it is refused when compiled. This is the star-height test: it catches nested unbounded quantifiers, the
 * shape behind nearly every catastrophic pattern; it does not detect overlapping alternatives under a
 * quantifier (`(a|a)*`), which docs/reliability.md names as the remaining risk.
 */

/** The first unbounded repetition of a group that holds an unbounded repetition, as `(...)+` text; or undefined. */
export function nestedUnboundedQuantifier(source: string): string | undefined {
  // One frame per open group: where it opened, and whether its body repeats without bound somewhere.
  const frames: { start: number; unbounded: boolean }[] = [{ start: 0, unbounded: false }];
  let position = 0;
  while (position < source.length) {
    const character = source[position];
    if (character === '\\') {
      position = quantified(source, position + 2, frames);
      continue;
    }
    if (character === '[') {
      position = quantified(source, classEnd(source, position), frames);
      continue;
    }
    if (character === '(') {
      frames.push({ start: position, unbounded: false });
      position++;
      continue;
    }
    if (character === ')' && frames.length > 1) {
      const group = frames.pop() as { start: number; unbounded: boolean };
      const after = position + 1;
      const repeats = unboundedQuantifierAt(source, after);
      if (repeats > 0 && group.unbounded) return source.slice(group.start, after + repeats);
      const parent = frames[frames.length - 1] as { unbounded: boolean };
      parent.unbounded ||= group.unbounded || repeats > 0;
      position = skipQuantifier(source, after);
      continue;
    }
    position = quantified(source, position + 1, frames);
  }
  return undefined;
}

/** After an atom ending at `after`: marks the current group if the atom repeats without bound. */
function quantified(source: string, after: number, frames: { unbounded: boolean }[]): number {
  if (unboundedQuantifierAt(source, after) > 0)
    (frames[frames.length - 1] as { unbounded: boolean }).unbounded = true;
  return skipQuantifier(source, after);
}

/** The length of an unbounded quantifier (`*`, `+`, `{n,}`, with a lazy `?`) at `at`, or 0. */
function unboundedQuantifierAt(source: string, at: number): number {
  const character = source[at];
  if (character === '*' || character === '+') return source[at + 1] === '?' ? 2 : 1;
  const open = /^\{\d+,\}\??/.exec(source.slice(at, at + 24));
  return open ? open[0].length : 0;
}

function skipQuantifier(source: string, at: number): number {
  const match = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(source.slice(at, at + 24));
  return at + (match ? match[0].length : 0);
}

/** The position after the `]` closing the class that opens at `open` (escapes inside are skipped). */
function classEnd(source: string, open: number): number {
  let position = open + 1;
  if (source[position] === ']') position++;
  while (position < source.length && source[position] !== ']') position += source[position] === '\\' ? 2 : 1;
  return position + 1;
}
