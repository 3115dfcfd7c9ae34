import type { AnyEventName } from '../events/event-names.js';
import type { HookRun } from '../outcome/outcome.js';
import type { HookEffects } from '../read/hook-verdict.js';
import type { HandlerExecution, RunRequest } from '../run/handler-execution.js';
import { executionWithoutOutput } from '../run/handler-execution.js';
import { runHook } from '../run/runners.js';
import type { NormalizedOptions } from './normalize-options.js';
import { toHookRun } from './to-hook-run.js';

/** A finished hook: its run entry and the effects of what it said. */
export interface ExecutedHook {
  readonly run: HookRun;
  readonly effects: HookEffects;
}

/**
 * Runs one hook with its type's runner and reads the result, reporting start and end through the options'
 * callbacks. `firingStartedAt` is the firing's `performance.now()` at its start. A runner that throws (a bug, not a failing hook) is turned into a failed execution, so one
 * broken runner never takes the other hooks' results with it.
 */
export async function executeHook(
  event: AnyEventName,
  index: number,
  request: RunRequest,
  options: Pick<NormalizedOptions, 'onHookStart' | 'onHookEnd' | 'host'>,
  firingStartedAt: number,
): Promise<ExecutedHook> {
  const hook = request.hook;
  // Relative to the firing, so that a timeline can draw parallel hooks and chains on one axis.
  const startedAtMs = performance.now() - firingStartedAt;
  options.onHookStart?.({ event, index, command: hook.label });
  let execution: HandlerExecution;
  try {
    execution = await runHook(request);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    execution = executionWithoutOutput(
      'failed',
      `[${hook.label}]: the ${hook.type} runner failed: ${message}`,
      0,
    );
  }
  const verdict = options.host.output.read(event, hook, execution);
  const run = toHookRun(index, hook, execution, verdict, startedAtMs);
  options.onHookEnd?.({ ...run, event });
  return { run, effects: verdict.effects };
}
