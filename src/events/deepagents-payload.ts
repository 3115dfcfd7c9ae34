import type { AnyEventName } from './event-names.js';

/** The upstream cut applied to `tool.result`'s `tool_output`, in characters. */
export const TOOL_OUTPUT_LIMIT = 2000;

/**
 * The exact stdin of a Deep Agents hook: `{"event": NAME, ...fields}` and nothing else (no `session_id`,
 * `cwd` or other protocol fields). The `event` key comes first and always names the dispatched event, even
 * when `fields` carries one of its own. `tool.result`'s `tool_output` is cut to 2,000 characters, as upstream.
 */
export function deepAgentsPayload(
  event: AnyEventName,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const { event: _ignored, ...rest } = fields;
  const payload: Record<string, unknown> = { event, ...rest };
  const output = payload.tool_output;
  if (event === 'tool.result' && typeof output === 'string' && output.length > TOOL_OUTPUT_LIMIT) {
    payload.tool_output = output.slice(0, TOOL_OUTPUT_LIMIT);
  }
  return payload;
}
