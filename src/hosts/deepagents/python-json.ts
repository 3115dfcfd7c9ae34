/*
 * Upstream reads hooks.json with Python's `json` module and hashes a canonical dump of it, so two things
 * differ from JSON.parse/JSON.stringify: the reader accepts the bare tokens NaN, Infinity and -Infinity
 * (which the validator then refuses as non-finite numbers), and the dump writes floats in Python's repr
 * (`30.0`, `1e-05`), sorts keys, and escapes every non-ASCII character (`ensure_ascii`).
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

function escapeNonAscii(text: string): string {
  return text.replace(/[\u007f-\uffff]/g, (char) =>
    char === '\u007f' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))`: a `PythonFloat` is written in Python's repr,
 * other numbers as integers (JSON numbers that were integers in the file).
 */
export function canonicalPythonJson(value: unknown): string {
  if (value instanceof PythonFloat) return pythonFloatRepr(value.value);
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pythonFloatRepr(value);
  if (typeof value === 'string') return escapeNonAscii(JSON.stringify(value));
  if (Array.isArray(value)) return `[${value.map(canonicalPythonJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${escapeNonAscii(JSON.stringify(key))}:${canonicalPythonJson(record[key])}`).join(',')}}`;
}
