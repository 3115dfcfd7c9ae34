import { parseJsonObject } from '../common/parse-json-object.js';

/**
 * The JSON object a hook printed, or undefined. stdout counts as JSON only when the whole of it (ignoring
 * surrounding whitespace) is one JSON object: a log line before it, an array, or text starting with `{`
 * that does not parse all make it plain text, as in Claude Code.
 */
export function stdoutJsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  return parseJsonObject(trimmed);
}
