import { DEFAULT_HOST } from '../../hosts/registry.js';
import { asyncRewakeOf } from '../../settings/async-rewake.js';
import type { ConfiguredHook } from '../../settings/configured-hook.js';
import type { ExecutedHook } from '../execute-hook.js';
import type { Firing } from '../firing.js';
import type { Delivery } from '../session-state.js';
import type { BackgroundJob } from './background-job.js';
import { queueDelivery } from './queue-delivery.js';

/** Waits for a background hook and queues what it said (see backgroundDelivery) for the session's next firing. */
export async function runInBackground(
  firing: Firing,
  running: Promise<ExecutedHook>,
  hook: ConfiguredHook,
): Promise<void> {
  const delivery = backgroundDelivery(firing.event, hook, await running);
  if (delivery !== undefined) await queueDelivery(firing.context, firing.sessionId, delivery);
}

/**
 * What a finished background hook may still say: its additionalContext and systemMessage (its decision fields
 * have no effect), or, for `asyncRewake`, an exit 2 turned into context for the model (Claude Code wakes the
 * agent with stderr as a reminder). Undefined when there is nothing to deliver, or the hook was cancelled.
 */
export function backgroundDelivery(
  event: string,
  hook: ConfiguredHook,
  { run, effects }: ExecutedHook,
): Delivery | undefined {
  if (run.status === 'cancelled') return undefined;
  const handler = hook.handler;
  const rewake = run.exitCode === 2 ? asyncRewakeOf(handler) : undefined;
  const additionalContext = !rewake
    ? effects.additionalContext
    : rewake.message
      ? // The host's code: the message, a space, then stderr (stdout when stderr is empty).
        `${rewake.message} ${(run.stderr.trim() ? run.stderr : run.stdout).trim()}`
      : (run.error ?? `[${run.command}]: No stderr output`);
  const systemMessage = effects.systemMessage;
  if (additionalContext === undefined && systemMessage === undefined) return undefined;
  return {
    run,
    event,
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
  };
}

/** The job of the background hook at `index` of a firing. */
export function backgroundJobOf(firing: Firing, index: number, hook: ConfiguredHook): BackgroundJob {
  const { settings } = firing;
  return {
    event: firing.event,
    index,
    hook,
    sessionId: firing.sessionId,
    payloadJson: firing.payloadJson,
    cwd: settings.cwd,
    projectDir: settings.projectDir,
    environment: settings.environment,
    timeoutMs: hook.timeoutSeconds * 1000,
    outputCapBytes: settings.outputCapBytes,
    scrubSecretsKeep: settings.scrubSecrets === null ? null : [...settings.scrubSecrets.keep],
    policy: settings.policy,
    model: settings.model,
    ...(settings.mcpServers.sources === undefined ? {} : { mcpServers: settings.mcpServers.sources }),
    ...(firing.context.options.host.name === DEFAULT_HOST ? {} : { host: firing.context.options.host.name }),
  };
}
