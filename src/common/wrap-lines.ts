/** Where a wrapped line goes on: the cut line ends with it, at the last column. */
export const WRAP_MARK = '\\';
/** What starts each continuation line. */
export const CONTINUATION_INDENT = '    ';
/** Narrower terminals are wrapped as this wide: fewer columns leave no room for text after the indent. */
const MINIMUM_WIDTH = 20;

/**
 * `text` with every line that would reach the terminal's last column wrapped, never cut: a line of `width`
 * characters or more is cut into pieces of `width - 1` characters, each but the last ending with `\` in the
 * last column and each but the first starting with four spaces. So every line is at most `width` characters,
 * a line of exactly `width` ending in `\` always goes on, and `unwrapLines` restores the text. (A cut may
 * fall inside a name such as `<U+FE0F>`: moving it would need padding that could not be told from text.)
 */
export function wrapLines(text: string, width: number): string {
  if (width === Number.POSITIVE_INFINITY) return text;
  const columns = Math.max(MINIMUM_WIDTH, Math.floor(width));
  return text
    .split('\n')
    .map((line) => wrapLine(line, columns))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  if (line.length < width) return line;
  const pieces: string[] = [];
  let rest = line;
  let room = width - 1;
  while (rest.length > room) {
    pieces.push(`${rest.slice(0, room)}${WRAP_MARK}`);
    rest = rest.slice(room);
    room = width - 1 - CONTINUATION_INDENT.length;
  }
  pieces.push(rest);
  return pieces.map((piece, index) => (index === 0 ? piece : `${CONTINUATION_INDENT}${piece}`)).join('\n');
}

/** The text `wrapLines` was given, for any width it was wrapped at. */
export function unwrapLines(wrapped: string, width: number): string {
  if (width === Number.POSITIVE_INFINITY) return wrapped;
  const columns = Math.max(MINIMUM_WIDTH, Math.floor(width));
  const lines = wrapped.split('\n');
  const out: string[] = [];
  let pending: string | undefined;
  for (const line of lines) {
    const content = pending === undefined ? line : line.slice(CONTINUATION_INDENT.length);
    const continues = line.length === columns && line.endsWith(WRAP_MARK);
    const piece = continues ? content.slice(0, -1) : content;
    pending = (pending ?? '') + piece;
    if (!continues) {
      out.push(pending);
      pending = undefined;
    }
  }
  if (pending !== undefined) out.push(pending);
  return out.join('\n');
}
