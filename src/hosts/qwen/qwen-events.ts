import { HOST_TOOL_NAME_FIELD } from '../gemini/gemini-events.js';
import type { HostEvents } from '../host.js';
import { qwenToolName, toClaudeToolInput } from './qwen-tool-names.js';

/** The payload fields that name a tool, and the field of its input, in the events that have them. */
const TOOL_FIELDS = [['tool_name', 'tool_input']] as const;

/**
 * Qwen Code's events are Claude Code's, by the same names, with Claude Code's payload plus `timestamp`,
 * `tool_call_id`, `prompt_id` and Qwen's `permission_mode` values (`yolo`, ...), observed in 0.24.4
 * (docs/hosts/qwen.md). What differs is the tool: Qwen's names (`run_shell_command`), mapped to Claude
 * Code's (`Bash`) with Qwen's kept in `host_tool_name`; so are the calls of a PostToolBatch.
 */
export const QWEN_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => hostEvent,
  fromCatalogue: (event) => event,
  toolName: qwenToolName,
  incoming: (hostEvent, payload) => {
    const original = { event: hostEvent, payload };
    const mapped = withClaudeTool(payload);
    if (Array.isArray(payload.tool_calls)) {
      mapped.tool_calls = payload.tool_calls.map((call) => (isObject(call) ? withClaudeTool(call) : call));
    }
    return { event: hostEvent, payload: mapped, original };
  },
};

/** A payload (or one call of a batch) with its tool under Claude Code's name and argument names. */
function withClaudeTool(payload: Record<string, unknown>): Record<string, unknown> {
  const mapped = { ...payload };
  for (const [nameField, inputField] of TOOL_FIELDS) {
    const tool = payload[nameField];
    if (typeof tool !== 'string') continue;
    const claude = qwenToolName(tool);
    if (claude === tool) continue;
    mapped[nameField] = claude;
    mapped[HOST_TOOL_NAME_FIELD] = tool;
    const input = payload[inputField];
    if (isObject(input)) mapped[inputField] = toClaudeToolInput(tool, input);
  }
  return mapped;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
