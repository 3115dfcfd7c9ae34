import { isRecord } from '../../src/common/is-record.js';

/** The first difference between `expected` and `actual` (key order ignored), or null when equal. */
export function firstDifference(expected: unknown, actual: unknown, at = ''): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at || 'value'}: expected ${show(expected)}, got ${show(actual)}`;
    if (expected.length !== actual.length)
      return `${at || 'value'}: expected ${expected.length} items ${show(expected)}, got ${actual.length} ${show(actual)}`;
    for (let index = 0; index < expected.length; index += 1) {
      const difference = firstDifference(expected[index], actual[index], `${at}[${index}]`);
      if (difference !== null) return difference;
    }
    return null;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return `${at || 'value'}: expected ${show(expected)}, got ${show(actual)}`;
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of [...keys].sort()) {
      const path = at === '' ? key : `${at}.${key}`;
      if (!(key in actual)) return `${path}: missing (expected ${show(expected[key])})`;
      if (!(key in expected)) return `${path}: unexpected ${show(actual[key])}`;
      const difference = firstDifference(expected[key], actual[key], path);
      if (difference !== null) return difference;
    }
    return null;
  }
  return Object.is(expected, actual)
    ? null
    : `${at || 'value'}: expected ${show(expected)}, got ${show(actual)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
