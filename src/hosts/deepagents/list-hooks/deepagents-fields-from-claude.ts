import type { DeepAgentsEventName } from '../../../events/event-names.js';

/**
 * The fields of a Deep Agents payload rebuilt from the Claude-style payload of the equivalent protocol event
 * (see CLAUDE_EQUIVALENTS), so that a converted hook receives exactly the stdin it was written for:
 * `thread_id` from `session_id`, `tool_names` from `tool_name`, `tool_id` from `tool_use_id`, ...
 * Fields the Claude payload lacks are left out rather than invented.
 */
export function deepAgentsFieldsFromClaude(
  event: DeepAgentsEventName,
  claude: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // No default arm: the switch is exhaustive, so a new event fails to compile until it is handled here.
  switch (event) {
    case 'session.start':
    case 'session.end':
    case 'task.complete':
      return present({ thread_id: claude.session_id });
    case 'user.prompt':
    case 'input.required':
    case 'context.compact':
    case 'context.offload':
      return {};
    case 'permission.request':
    case 'tool.error':
      return { tool_names: typeof claude.tool_name === 'string' ? [claude.tool_name] : [] };
    case 'tool.use':
      return present({
        tool_name: claude.tool_name,
        tool_id: claude.tool_use_id,
        tool_args: claude.tool_input,
      });
    case 'tool.result': {
      const failed = claude.hook_event_name === 'PostToolUseFailure';
      return present({
        tool_name: claude.tool_name,
        tool_id: claude.tool_use_id,
        tool_args: claude.tool_input,
        tool_status: failed ? 'error' : 'success',
        tool_output: asText(failed ? claude.error : claude.tool_response),
      });
    }
  }
}

function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
