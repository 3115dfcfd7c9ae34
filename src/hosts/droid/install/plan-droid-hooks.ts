import { hostSettingsHooks } from '../../../install/host-settings-hooks.js';

/** The events Factory Droid fires hooks for, Claude Code's names (docs/hosts/droid.md). */
export const DROID_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'PreCompact',
  'SubagentStop',
  'Stop',
  'SessionEnd',
] as const;

export type DroidEvent = (typeof DROID_EVENTS)[number];

export function isDroidEvent(event: string): event is DroidEvent {
  return (DROID_EVENTS as readonly string[]).includes(event);
}

/** The hookwire groups of Factory Droid's settings.json (src/install/host-settings-hooks.ts). */
const settingsHooks = hostSettingsHooks<DroidEvent>('droid');
export const hookwireEventsIn = settingsHooks.hookwireEventsIn;
export const planDroidHooks = settingsHooks.plan;
export const parseDroidSettings = settingsHooks.parse;
