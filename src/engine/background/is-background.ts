import { specOf } from '../../events/lookup.js';
import type { ConfiguredHook } from '../../settings/configured-hook.js';

/**
 * A `holdsTools: true` command hook on an event where it counts (the catalogue's `holdsTools`): Claude Code
 * does not wait for it and ignores its output, so the engine runs it in the background. Holding the agent's
 * next tool calls until it ends is the host's scheduling; a host driving the engine does that itself.
 */
function holdsTools(hook: ConfiguredHook): boolean {
  return (
    hook.handler.type === 'command' &&
    hook.handler.holdsTools === true &&
    specOf(hook.event).holdsTools !== undefined
  );
}

/*
 * Events on which an `asyncRewake` hook is awaited like any other, so that its exit 2 blocks: *observed*,
 * Claude Code awaited an `asyncRewake: true` PreToolUse hook and its exit 2 blocked the tool.
 */
const AWAITED_REWAKE_EVENTS: ReadonlySet<string> = new Set(['PreToolUse']);

/**
 * Whether the engine starts the hook without waiting for it: `async`, or `asyncRewake` (which implies it),
 * except that `asyncRewake` on PreToolUse is awaited (even with `async`), as Claude Code does.
 */
export function isBackground(hook: ConfiguredHook): boolean {
  if (holdsTools(hook)) return true;
  if (hook.handler.type === 'command' && hook.handler.asyncRewake === true) {
    return !AWAITED_REWAKE_EVENTS.has(hook.event);
  }
  return hook.background;
}
