import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { ExecutedHook } from './execute-hook.js';
import type { Firing } from './firing.js';

/**
 * Waits for a background hook and queues what may come back on the session's next firing: its
 * additionalContext and systemMessage (its decision fields have no effect), or, for `asyncRewake`, an exit 2
 * turned into context for the model (Claude Code wakes the agent with stderr as a reminder).
 */
export async function runInBackground(
  firing: Firing,
  running: Promise<ExecutedHook>,
  hook: ConfiguredHook,
): Promise<void> {
  const { run, effects } = await running;
  if (run.status === 'cancelled') return;
  const rewake = hook.handler.type === 'command' && hook.handler.asyncRewake === true && run.exitCode === 2;
  const additionalContext = rewake
    ? (run.error ?? `[${run.command}]: No stderr output`)
    : effects.additionalContext;
  const systemMessage = effects.systemMessage;
  if (additionalContext === undefined && systemMessage === undefined) return;
  firing.context.state.queue(firing.sessionId, {
    run,
    event: firing.event,
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
  });
}
