/*
 * Upstream reads hooks.json with Python's `json` module and hashes a canonical dump of it, so two things
 * differ from JSON.parse/JSON.stringify: the reader accepts the bare tokens NaN, Infinity and -Infinity
 * (which the validator then refuses as non-finite numbers), and the dump writes floats in Python's repr
 * (`30.0`, `1e-05`), sorts keys, and writes non-ASCII characters as they are (`ensure_ascii=False`).
 */

/** A float in the document: Python's float type survives the reader (timeouts are floats after validation). */
export class PythonFloat {
  constructor(readonly value: number) {}
}

const SPECIAL = /"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)/g;

/** Parses JSON as Python's `json.loads` does: NaN, Infinity and -Infinity become those numbers. Throws SyntaxError. */
export function parsePythonJson(text: string): unknown {
  const marker = '\u0000python-float:';
  const replaced = text.replace(SPECIAL, (whole, token: string | undefined) =>
    token === undefined ? whole : JSON.stringify(marker + token),
  );
  return JSON.parse(replaced, (_key, value: unknown) => {
    if (typeof value === 'string' && value.startsWith(marker)) {
      const token = value.slice(marker.length);
      return token === 'NaN'
        ? Number.NaN
        : token === 'Infinity'
          ? Number.POSITIVE_INFINITY
          : Number.NEGATIVE_INFINITY;
    }
    return value;
  });
}

/** Python's `repr(float(x))`. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return `${value}.0`;
  const text = String(value);
  // JavaScript writes 1e-7 and 1e+21; Python 1e-07 and 1e+21: exponents have at least two digits.
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` (JSON.stringify's escapes
 * are Python's): a `PythonFloat` is written in Python's repr,
 * other numbers as integers (JSON numbers that were integers in the file).
 */
export function canonicalPythonJson(value: unknown): string {
  if (value instanceof PythonFloat) return pythonFloatRepr(value.value);
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pythonFloatRepr(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalPythonJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalPythonJson(record[key])}`).join(',')}}`;
}

/*
 * Python's own error text, which upstream puts in its diagnostics (`Failed to read hooks config at
 * {path}: {exc}`): the message `json.loads` raises for text that is not JSON (its C scanner's wording and
 * positions, counted in code points: `Expecting value: line 1 column 1 (char 0)`), and the one
 * `bytes.decode("utf-8")` raises for bytes that are not UTF-8.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/;

class PythonJsonError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(reason);
  }
}

/** Python's `json.loads` error message for `text`, or null when Python reads it. */
export function pythonJsonError(text: string): string | null {
  const chars = Array.from(text);
  const fail = (reason: string, position: number): never => {
    throw new PythonJsonError(reason, position);
  };
  const skip = (at: number): number => {
    let index = at;
    while (index < chars.length && WHITESPACE.has(chars[index] as string)) index += 1;
    return index;
  };
  const word = (at: number, literal: string): boolean =>
    chars.slice(at, at + literal.length).join('') === literal;
  const scanString = (quote: number): number => {
    let index = quote + 1;
    for (;;) {
      if (index >= chars.length) fail('Unterminated string starting at', quote);
      const char = chars[index] as string;
      if (char === '"') return index + 1;
      if (char === '\\') {
        if (index + 1 >= chars.length) fail('Unterminated string starting at', quote);
        const escaped = chars[index + 1] as string;
        if (escaped === 'u') {
          const hex = chars.slice(index + 2, index + 6).join('');
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape', index + 1);
          index += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escaped)) fail('Invalid \\escape', index);
        index += 2;
        continue;
      }
      if (char < ' ') fail('Invalid control character at', index);
      index += 1;
    }
  };
  const scanValue = (at: number): number => {
    const char = chars[at];
    if (char === '"') return scanString(at);
    if (char === '{') return scanObject(at + 1);
    if (char === '[') return scanArray(at + 1);
    if (char === 'n' && word(at, 'null')) return at + 4;
    if (char === 't' && word(at, 'true')) return at + 4;
    if (char === 'f' && word(at, 'false')) return at + 5;
    if (char === 'N' && word(at, 'NaN')) return at + 3;
    if (char === 'I' && word(at, 'Infinity')) return at + 8;
    if (char === '-' && word(at, '-Infinity')) return at + 9;
    const number = NUMBER.exec(chars.slice(at, at + 400).join(''));
    if (number !== null) return at + number[0].length;
    return fail('Expecting value', at);
  };
  const scanObject = (at: number): number => {
    let index = skip(at);
    if (chars[index] === '}') return index + 1;
    for (;;) {
      if (chars[index] !== '"') fail('Expecting property name enclosed in double quotes', index);
      index = skip(scanString(index));
      if (chars[index] !== ':') fail("Expecting ':' delimiter", index);
      index = skip(scanValue(skip(index + 1)));
      if (chars[index] === '}') return index + 1;
      if (chars[index] !== ',') fail("Expecting ',' delimiter", index);
      index = skip(index + 1);
    }
  };
  const scanArray = (at: number): number => {
    let index = skip(at);
    if (chars[index] === ']') return index + 1;
    for (;;) {
      index = skip(scanValue(index));
      if (chars[index] === ']') return index + 1;
      if (chars[index] !== ',') fail("Expecting ',' delimiter", index);
      index = skip(index + 1);
    }
  };
  try {
    if (chars[0] === '\ufeff') fail('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0);
    const end = skip(scanValue(skip(0)));
    if (end !== chars.length) fail('Extra data', end);
    return null;
  } catch (error) {
    if (!(error instanceof PythonJsonError)) throw error;
    const before = chars.slice(0, error.position);
    const line = before.filter((char) => char === '\n').length + 1;
    const lastNewline = before.lastIndexOf('\n');
    const column = lastNewline === -1 ? error.position + 1 : error.position - lastNewline;
    return `${error.reason}: line ${line} column ${column} (char ${error.position})`;
  }
}

/** Python's `UnicodeDecodeError` text for `bytes.decode("utf-8")`, or null when the bytes are UTF-8. */
export function pythonUtf8Error(bytes: Uint8Array): string | null {
  const at = (index: number): number => bytes[index] as number;
  const failure = (start: number, end: number, reason: string): string =>
    end - start === 1
      ? `'utf-8' codec can't decode byte 0x${at(start).toString(16).padStart(2, '0')} in position ${start}: ${reason}`
      : `'utf-8' codec can't decode bytes in position ${start}-${end - 1}: ${reason}`;
  let index = 0;
  while (index < bytes.length) {
    const lead = at(index);
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return failure(index, index + 1, 'invalid start byte');
    for (let offset = 1; offset < length; offset += 1) {
      if (index + offset >= bytes.length) return failure(index, bytes.length, 'unexpected end of data');
      const next = at(index + offset);
      const [min, max] = offset === 1 ? [low, high] : [0x80, 0xbf];
      if (next < min || next > max) return failure(index, index + offset, 'invalid continuation byte');
    }
    index += length;
  }
  return null;
}
