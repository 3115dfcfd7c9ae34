/**
 * The names of every event hookwire knows. These lists are the contract the catalogue is checked against:
 * `catalogue` must have exactly one row per name, so adding a name here without a row fails to compile.
 */

/** The 27 events of the protocol reference (`protocol-reference.md`), in its order. */
export const PROTOCOL_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SubagentStop',
  'Notification',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'PostCompact',
  'Stop',
  'QueryEnd',
  'UserPromptSubmit',
  'ConfigChange',
  'StopFailure',
  'TeammateIdle',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'Elicitation',
  'ElicitationResult',
  'TaskCreated',
  'TaskCompleted',
  'PermissionRequest',
  'PermissionDenied',
] as const;

/** Claude Code's events beyond the reference, accepted so that real Claude Code settings load cleanly. */
export const CLAUDE_CODE_EVENTS = [
  'Setup',
  'UserPromptExpansion',
  'PostToolBatch',
  'MessageDisplay',
  'PreModelSwitch',
  'PostModelSwitch',
  'DirectoryAdded',
  'PreSkillShellCommand',
] as const;

/**
 * Events beyond Claude Code's that some hosts send. Which host sends which, and under what name, is that
 * host's own knowledge (`Host.events`, src/hosts/<host>/); the catalogue knows only what each event is.
 * Around each model call and before the model picks its tools (Gemini CLI's); the prompt once the agent added
 * its own context, and an error (GitHub Copilot CLI's); a session deleted, a todo created or completed (Qwen
 * Code's).
 */
export const EXTENSION_EVENTS = [
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'UserPromptTransformed',
  'ErrorOccurred',
  'SessionDelete',
  'TodoCreated',
  'TodoCompleted',
] as const;

/** Deep Agents Code events (`deepagents-hooks.md`), plus the later upstream tool and offload events. */
export const DEEPAGENTS_EVENTS = [
  'session.start',
  'session.end',
  'user.prompt',
  'input.required',
  'permission.request',
  'tool.error',
  'task.complete',
  'context.compact',
  'tool.use',
  'tool.result',
  'context.offload',
] as const;

export type ProtocolEventName = (typeof PROTOCOL_EVENTS)[number];
export type ClaudeCodeEventName = (typeof CLAUDE_CODE_EVENTS)[number];
export type ExtensionEventName = (typeof EXTENSION_EVENTS)[number];
export type DeepAgentsEventName = (typeof DEEPAGENTS_EVENTS)[number];
/** Events whose payload carries the protocol's common fields (`session_id`, `cwd`, ...). */
export type ClaudeStyleEventName = ProtocolEventName | ClaudeCodeEventName | ExtensionEventName;
export type EventName = ClaudeStyleEventName | DeepAgentsEventName;
/**
 * Any event name a host may send: one of the catalogue's, or one it does not know yet (hosts add events
 * faster than any catalogue). Such events run their hooks as notifications (`specOf` in lookup.ts).
 * `string & {}` keeps editors completing the known names.
 */
export type AnyEventName = EventName | (string & {});

/** Every event name, protocol first. */
export const EVENT_NAMES: readonly EventName[] = [
  ...PROTOCOL_EVENTS,
  ...CLAUDE_CODE_EVENTS,
  ...EXTENSION_EVENTS,
  ...DEEPAGENTS_EVENTS,
];
