import { HOLDS_TOOLS_PLUGIN } from '../../events/event-spec.js';
import { specOf } from '../../events/lookup.js';
import { asyncRewakeOf } from '../../settings/async-rewake.js';
import type { ConfiguredHook } from '../../settings/configured-hook.js';

/**
 * The one definition of a background hook: the engine starts it without waiting for it, its run says
 * `background: true`, and what it says afterwards comes back with the session's next firing. That is a hook
 * written `async` (or `asyncRewake`, which implies it), or `holdsTools: true` on an event where that counts,
 * except that an `asyncRewake` hook is awaited on the events whose row says `awaitsAsyncRewake`
 * (PreToolUse), even with `async`, as Claude Code does.
 */
export function isBackground(hook: ConfiguredHook): boolean {
  if (holdsTools(hook)) return true;
  if (asyncRewakeOf(hook.handler) !== undefined) {
    return specOf(hook.event).awaitsAsyncRewake !== true;
  }
  return hook.background;
}

/**
 * A `holdsTools: true` command hook where it counts (`holdsToolsCounts`): Claude Code does not wait for it
 * and ignores its output, so the engine runs it in the background. Holding the agent's next tool calls
 * until it ends is the host's scheduling; a host driving the engine does that itself.
 */
function holdsTools(hook: ConfiguredHook): boolean {
  return hook.handler.type === 'command' && hook.handler.holdsTools === true && holdsToolsCounts(hook);
}

/**
 * Whether `holdsTools` counts for this hook, as in Claude Code 2.1.332: on an event of the catalogue's
 * `holdsTools` (UserPromptSubmit, PostToolUse), for a hook of the `security-guidance` plugin that states a
 * `timeout` of at most 30 s. Anywhere else the key is ignored and the hook runs like any other.
 */
export function holdsToolsCounts(hook: Pick<ConfiguredHook, 'event' | 'handler' | 'provenance'>): boolean {
  const limit = specOf(hook.event).holdsTools?.maxTimeoutSeconds;
  const timeout = (hook.handler as { timeout?: unknown }).timeout;
  return (
    limit !== undefined &&
    hook.provenance.plugin?.name === HOLDS_TOOLS_PLUGIN &&
    typeof timeout === 'number' &&
    timeout <= limit
  );
}
