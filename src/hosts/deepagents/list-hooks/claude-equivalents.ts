import type { ClaudeStyleEventName, DeepAgentsEventName } from '../../../events/event-names.js';

/** Where a Deep Agents event lands among the protocol's events, with the matcher that narrows it. */
export interface ClaudeEquivalent {
  readonly event: ClaudeStyleEventName;
  readonly matcher?: string;
}

/**
 * The closest protocol event(s) for each Deep Agents event, used by `hookwire convert`. One row per event,
 * so a new Deep Agents event fails to compile until its mapping is chosen. An empty list means there is no
 * equivalent, and `convert` reports the event instead of dropping it silently.
 */
export const CLAUDE_EQUIVALENTS = {
  'session.start': [{ event: 'SessionStart' }],
  'session.end': [{ event: 'SessionEnd' }],
  'user.prompt': [{ event: 'UserPromptSubmit' }],
  // Claude Code notifies `idle_prompt` when it waits for the user and `elicitation_dialog` when an MCP
  // server asks for input: the two moments Deep Agents calls "input required". Permission prompts have
  // their own event below.
  'input.required': [{ event: 'Notification', matcher: 'idle_prompt|elicitation_dialog' }],
  'permission.request': [{ event: 'PermissionRequest' }],
  'tool.error': [{ event: 'PostToolUseFailure' }],
  'task.complete': [{ event: 'Stop' }],
  'context.compact': [{ event: 'PreCompact' }],
  'tool.use': [{ event: 'PreToolUse' }],
  // Upstream fires tool.result for successes and errors alike (`tool_status` tells them apart).
  'tool.result': [{ event: 'PostToolUse' }, { event: 'PostToolUseFailure' }],
  'context.offload': [],
} as const satisfies Record<DeepAgentsEventName, readonly ClaudeEquivalent[]>;
