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
 * Gemini CLI's events that no other host has (docs/hosts/gemini.md): around each model call and before the
 * model picks its tools. Its other events are the catalogue's under other names (`BeforeTool` is PreToolUse).
 */
export const GEMINI_EVENTS = ['BeforeModel', 'AfterModel', 'BeforeToolSelection'] as const;

/**
 * GitHub Copilot CLI's events that no other host has (docs/hosts/copilot.md): the prompt once Copilot added
 * its own context, and an error. Copilot names them `userPromptTransformed` and `errorOccurred`.
 */
export const COPILOT_EVENTS = ['UserPromptTransformed', 'ErrorOccurred'] as const;

/** Qwen Code's events that no other host has (docs/hosts/qwen.md), by Qwen's own names. */
export const QWEN_EVENTS = ['SessionDelete', 'TodoCreated', 'TodoCompleted'] as const;

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
export type GeminiEventName = (typeof GEMINI_EVENTS)[number];
export type CopilotEventName = (typeof COPILOT_EVENTS)[number];
export type QwenEventName = (typeof QWEN_EVENTS)[number];
export type DeepAgentsEventName = (typeof DEEPAGENTS_EVENTS)[number];
/** Events whose payload carries the protocol's common fields (`session_id`, `cwd`, ...). */
export type ClaudeStyleEventName =
  | ProtocolEventName
  | ClaudeCodeEventName
  | GeminiEventName
  | CopilotEventName
  | QwenEventName;
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
  ...GEMINI_EVENTS,
  ...COPILOT_EVENTS,
  ...QWEN_EVENTS,
  ...DEEPAGENTS_EVENTS,
];
