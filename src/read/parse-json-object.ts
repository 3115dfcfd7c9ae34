/**
 * The JSON object a hook printed, or undefined. stdout counts as JSON only when the whole of it (ignoring
 * surrounding whitespace) is one JSON object: a log line before it, an array, or text starting with `{`
 * that does not parse all make it plain text, as in Claude Code.
 */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
