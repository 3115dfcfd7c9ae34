/**
 * The events Codex fires hooks for, by the names its hooks.json uses (Claude Code's names), as observed in
 * Codex 0.171 (docs/hosts/codex.md). Codex's own `Interrupt` is not in hookwire's catalogue yet, so init
 * installs nothing for it.
 */
export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
] as const;

export type CodexEvent = (typeof CODEX_EVENTS)[number];

export function isCodexEvent(event: string): event is CodexEvent {
  return (CODEX_EVENTS as readonly string[]).includes(event);
}
