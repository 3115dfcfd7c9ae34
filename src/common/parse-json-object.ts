import { isRecord } from './is-record.js';

/**
 * The JSON object `text` holds, or undefined when it is not JSON or is JSON of another kind (an array, a
 * string, null). Never throws. Callers that want a stricter form (no surrounding text, say) check it first.
 */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
