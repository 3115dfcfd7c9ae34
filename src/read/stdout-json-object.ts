import { parseJsonObject } from '../common/parse-json-object.js';

/**
 * The JSON object a hook printed, or undefined. stdout counts as JSON only when the whole of it (ignoring
 * surrounding whitespace) is one JSON object: a log line before it, an array, or text starting with `{`
 * that does not parse all make it plain text, as in Claude Code.
 */
export function stdoutJsonObject(text: string): Record<string, unknown> | undefined {
  return readStdoutJson(text).object;
}

/**
 * `stdoutJsonObject`, and besides whether stdout holds several JSON objects one after the other
 * (`{...}{...}`, or one per line): Claude Code 2.1.332 reads that as invalid output, a non-blocking error
 * with its `hook_no_verdict` warning, not as plain text.
 */
export function readStdoutJson(text: string): {
  readonly object: Record<string, unknown> | undefined;
  readonly several: boolean;
} {
  const object = onlyObject(text);
  if (object !== undefined) return { object, several: false };
  return { object, several: severalObjects(text.trim()) };
}

function severalObjects(trimmed: string): boolean {
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}') || !/}\s*{/.test(trimmed)) return false;
  try {
    const values: unknown = JSON.parse(`[${trimmed.replace(/}\s*{/g, '},{')}]`);
    return Array.isArray(values) && values.length > 1;
  } catch {
    return false;
  }
}

function onlyObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  return parseJsonObject(trimmed);
}
