import type { ClaudeSettings } from '../../src/settings/settings-schema.js';

/** Claude event names and their Gemini CLI counterparts, for the events the benchmark configures. */
const GEMINI_EVENT: Readonly<Record<string, string>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  SessionStart: 'SessionStart',
  Notification: 'Notification',
  PreCompact: 'PreCompress',
};

/** The same hooks in Gemini CLI's settings shape (`hooks: { BeforeTool: [{ matcher, hooks }] }`). */
export function geminiHooksOf(settings: ClaudeSettings): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, definitions] of Object.entries(settings.hooks ?? {})) {
    const geminiEvent = GEMINI_EVENT[event];
    if (geminiEvent === undefined) throw new Error(`no Gemini counterpart for ${event}`);
    hooks[geminiEvent] = definitions.map((definition) => ({
      matcher: definition.matcher,
      hooks: definition.hooks.map((hook) => ({
        ...hook,
        name: hook.type === 'command' ? hook.command : hook.type,
      })),
    }));
  }
  return hooks;
}
