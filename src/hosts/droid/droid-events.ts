import { HOST_TOOL_NAME_FIELD } from '../gemini/gemini-events.js';
import type { HostEvents } from '../host.js';
import { DROID_TOOLS, droidToolName, toClaudeToolInput } from './droid-tool-names.js';

/**
 * Factory Droid's events are Claude Code's, by the same names, with Claude Code's payload (plus Droid's own
 * fields: `permission_mode` values such as `auto-high`, a Stop's `message_id`, `tool_execution_count`,
 * `elapsed_time`), observed in 0.225.2 (docs/hosts/droid.md). What differs is the tool: Droid's names
 * (`Execute`, `Create`), mapped to Claude Code's (`Bash`, `Write`) with Droid's kept in `host_tool_name`.
 */
export const DROID_HOST_EVENTS: HostEvents = {
  toCatalogue: (hostEvent) => hostEvent,
  fromCatalogue: (event) => event,
  toolName: droidToolName,
  incoming: (hostEvent, payload) => {
    const original = { event: hostEvent, payload };
    const mapped = { ...payload };
    const tool = payload.tool_name;
    if (typeof tool === 'string' && Object.hasOwn(DROID_TOOLS, tool)) {
      if (droidToolName(tool) !== tool) {
        mapped.tool_name = droidToolName(tool);
        mapped[HOST_TOOL_NAME_FIELD] = tool;
      }
      const input = payload.tool_input;
      if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
        mapped.tool_input = toClaudeToolInput(tool, input as Record<string, unknown>);
      }
    }
    return { event: hostEvent, payload: mapped, original };
  },
};
