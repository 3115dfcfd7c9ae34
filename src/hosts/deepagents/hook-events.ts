/*
 * The twelve events of Deep Agents Code's Hooks v2 (upstream `hooks/capabilities.py`), one row each: who
 * fires it (the client, the terminal app, or the server, the agent graph), which payload field a matcher is
 * tested on, the default timeout, what a block (exit 2 or `decision: "block"`) does, and what plain,
 * non-JSON stdout is.
 */

/** A Hooks v2 event name, as written in `hooks.json`. */
export type HookEvent =
  | 'SessionStart'
  | 'UserPromptSubmit'
  | 'SessionEnd'
  | 'PermissionRequest'
  | 'Notification'
  | 'PreToolUse'
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'PreCompact'
  | 'Stop'
  | 'SubagentStart'
  | 'SubagentStop';

/** What a block does on an event (reducer.py). */
export type BlockRule = 'block' | 'deny' | 'feedback' | 'continue' | 'context' | 'unsupported';

/** One event's facts. */
export interface HookEventSpec {
  readonly owner: 'client' | 'server';
  /** The wire payload field a matcher is tested on; null: the event takes no matcher (only empty or `*`). */
  readonly matcherField:
    | 'source'
    | 'reason'
    | 'tool_name'
    | 'notification_type'
    | 'trigger'
    | 'agent_type'
    | null;
  readonly defaultTimeoutSeconds: number;
  readonly block: BlockRule;
  /** Plain stdout: context for the model, or a `malformed_json` diagnostic. */
  readonly plainStdout: 'context' | 'diagnostic';
}

/** Every event's row; a missing event fails to compile. */
export const HOOK_EVENTS = {
  SessionStart: {
    owner: 'client',
    matcherField: 'source',
    defaultTimeoutSeconds: 600,
    block: 'unsupported',
    plainStdout: 'context',
  },
  UserPromptSubmit: {
    owner: 'client',
    matcherField: null,
    defaultTimeoutSeconds: 30,
    block: 'block',
    plainStdout: 'context',
  },
  SessionEnd: {
    owner: 'client',
    matcherField: 'reason',
    defaultTimeoutSeconds: 600,
    block: 'unsupported',
    plainStdout: 'diagnostic',
  },
  PermissionRequest: {
    owner: 'client',
    matcherField: 'tool_name',
    defaultTimeoutSeconds: 600,
    block: 'deny',
    plainStdout: 'diagnostic',
  },
  Notification: {
    owner: 'client',
    matcherField: 'notification_type',
    defaultTimeoutSeconds: 600,
    block: 'unsupported',
    plainStdout: 'diagnostic',
  },
  PreToolUse: {
    owner: 'server',
    matcherField: 'tool_name',
    defaultTimeoutSeconds: 600,
    block: 'deny',
    plainStdout: 'diagnostic',
  },
  PostToolUse: {
    owner: 'server',
    matcherField: 'tool_name',
    defaultTimeoutSeconds: 600,
    block: 'feedback',
    plainStdout: 'diagnostic',
  },
  PostToolUseFailure: {
    owner: 'server',
    matcherField: 'tool_name',
    defaultTimeoutSeconds: 600,
    block: 'feedback',
    plainStdout: 'diagnostic',
  },
  PreCompact: {
    owner: 'server',
    matcherField: 'trigger',
    defaultTimeoutSeconds: 600,
    block: 'block',
    plainStdout: 'diagnostic',
  },
  Stop: {
    owner: 'server',
    matcherField: null,
    defaultTimeoutSeconds: 600,
    block: 'continue',
    plainStdout: 'diagnostic',
  },
  SubagentStart: {
    owner: 'server',
    matcherField: 'agent_type',
    defaultTimeoutSeconds: 600,
    block: 'unsupported',
    plainStdout: 'diagnostic',
  },
  SubagentStop: {
    owner: 'server',
    matcherField: 'agent_type',
    defaultTimeoutSeconds: 600,
    block: 'context',
    plainStdout: 'diagnostic',
  },
} as const satisfies Record<HookEvent, HookEventSpec>;

/** The event names in upstream's order. */
export const HOOK_EVENT_NAMES = Object.keys(HOOK_EVENTS) as readonly HookEvent[];

/** True for one of the twelve names (case-sensitive, as upstream). */
export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(HOOK_EVENTS, name);
}
