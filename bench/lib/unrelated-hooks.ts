import type { ClaudeSettings } from '../../src/settings/settings-schema.js';

/** Tools and events a PreToolUse on `Bash` must not match. */
const DEFINITIONS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: [
    'Write',
    'Edit|MultiEdit',
    'Read',
    'mcp__github__.*',
    'Glob',
    'Grep',
    'WebFetch',
    'Task',
    'NotebookEdit',
    'Bash2',
  ],
  PostToolUse: ['Bash', 'Write', 'Edit', 'Read', '.*', 'Grep', 'Glob', 'WebSearch'],
  UserPromptSubmit: ['', '', '', '', ''],
  Stop: ['', '', '', '', ''],
  SessionStart: ['startup', 'resume', 'clear', 'compact'],
  Notification: ['permission_prompt', 'idle_prompt', '', ''],
  PreCompact: ['manual', 'auto', '', ''],
};

/**
 * Forty command hooks, one per definition, on other events and on PreToolUse for other tools: the
 * configuration of a busy project, none of which a PreToolUse on `Bash` selects.
 */
export function unrelatedHooks(): ClaudeSettings {
  let count = 0;
  const hooks: Record<string, { matcher: string; hooks: { type: 'command'; command: string }[] }[]> = {};
  for (const [event, matchers] of Object.entries(DEFINITIONS)) {
    hooks[event] = matchers.map((matcher) => ({
      matcher,
      hooks: [{ type: 'command', command: `true # unrelated ${++count}` }],
    }));
  }
  return { hooks };
}
