import { hostSettingsHooks } from '../../../install/host-settings-hooks.js';

/**
 * The events Qwen Code fires hooks for, by their names (Claude Code's, and its own SessionDelete,
 * TodoCreated and TodoCompleted, catalogue rows of Qwen's), as Qwen Code 0.24.4 lists them
 * (docs/hosts/qwen.md).
 */
export const QWEN_EVENTS = [
  'SessionStart',
  'InstructionsLoaded',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Notification',
  'MessageDisplay',
  'Stop',
  'StopFailure',
  'TodoCreated',
  'TodoCompleted',
  'SessionEnd',
  'SessionDelete',
] as const;

export type QwenEvent = (typeof QWEN_EVENTS)[number];

export function isQwenEvent(event: string): event is QwenEvent {
  return (QWEN_EVENTS as readonly string[]).includes(event);
}

/** The hookwire groups of Qwen Code's settings.json (src/install/host-settings-hooks.ts). */
const settingsHooks = hostSettingsHooks<QwenEvent>('qwen');
export const hookwireEventsIn = settingsHooks.hookwireEventsIn;
export const planQwenHooks = settingsHooks.plan;
export const parseQwenSettings = settingsHooks.parse;
