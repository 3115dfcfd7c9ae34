import type { AnyEventName } from '../events/event-names.js';
import { hostOutputReader } from '../hosts/host.js';
import type { HookRun, RunStatus } from '../outcome/outcome.js';
import { type HookEffects, type HookVerdict, NO_EFFECTS } from '../read/hook-verdict.js';
import { createRunRequest } from '../run/create-run-request.js';
import type { HandlerExecution, RunRequest } from '../run/handler-execution.js';
import { executionWithoutOutput } from '../run/handler-execution.js';
import { runHook } from '../run/runners.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { isBackground } from './background/is-background.js';
import type { Firing } from './firing.js';
import type { NormalizedOptions } from './normalize-options.js';

/*
 * One hook, start to end: its request (the firing's shared settings and payload, its own timeout), its
 * type's runner, the host's reader, and its entry in `Outcome.runs`. A hook that does not run gets its entry
 * here too, so that every run entry is written in one place.
 */

/** A finished hook: its run entry and the effects of what it said. */
export interface ExecutedHook {
  readonly run: HookRun;
  readonly effects: HookEffects;
}

/**
 * Runs the hook at `index` of the firing, with the firing's payload or, in a sequential chain, the payload
 * as the hook before rewrote it. Module-level rather than a closure per firing: this is the hot path.
 */
export function executeInFiring(
  firing: Firing,
  index: number,
  hook: ConfiguredHook,
  payload = firing.payload,
  payloadJson = firing.payloadJson,
): Promise<ExecutedHook> {
  const request = createRunRequest(hook, payload, payloadJson, firing.settings);
  return executeHook(firing.event, index, request, firing.context.options, firing.startedAt);
}

/**
 * Runs one hook with its type's runner and reads the result, reporting start and end through the options'
 * callbacks. `firingStartedAt` is the firing's `performance.now()` at its start. A runner that throws (a
 * bug, not a failing hook) is turned into a failed execution, so one broken runner never takes the other
 * hooks' results with it.
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
  const verdict = hostOutputReader(options.host)(event, hook, execution);
  const run = toHookRun(index, hook, execution, verdict, startedAtMs);
  options.onHookEnd?.({ ...run, event });
  return { run, effects: verdict.effects };
}

/**
 * The result of a hook that did not run (deduplicated, skipped) or has not finished (running): no effects.
 * `startedAtMs`: when, in ms after the firing started, it was set aside or started.
 */
export function notRunHook(
  index: number,
  hook: ConfiguredHook,
  status: 'deduplicated' | 'skipped' | 'running',
  why: string | null,
  startedAtMs: number,
): ExecutedHook {
  return { run: notRunHookRun(index, hook, status, why, startedAtMs), effects: NO_EFFECTS };
}

/*
 * The entries are written out as whole literals, in one key order, rather than spread from a shared base:
 * every run then has the same hidden class and costs one allocation, which showed in profiles of busy
 * events (the spreads were the largest self time of a fire with in-process hooks).
 */

/** The `Outcome.runs` entry of a hook that ran, from what its runner returned and how it was read. */
export function toHookRun(
  index: number,
  hook: ConfiguredHook,
  execution: HandlerExecution,
  verdict: HookVerdict,
  startedAtMs: number,
): HookRun {
  const run: HookRun = {
    index,
    source: sourceOf(hook),
    type: hook.type,
    command: hook.label,
    matcher: hook.matcher ?? null,
    background: isBackground(hook),
    status: verdict.status,
    exitCode: execution.exitCode,
    signal: execution.signal,
    startedAtMs,
    durationMs: execution.durationMs,
    stdout: execution.stdout,
    stderr: execution.stderr,
    stdoutTruncated: execution.stdoutTruncated,
    stderrTruncated: execution.stderrTruncated,
    output: verdict.output,
    error: verdict.error,
  };
  return execution.details ? { ...run, details: execution.details } : run;
}

/** The entry of a hook that did not run (deduplicated, skipped) or has not finished (running). */
function notRunHookRun(
  index: number,
  hook: ConfiguredHook,
  status: Extract<RunStatus, 'deduplicated' | 'skipped' | 'running'>,
  error: string | null,
  startedAtMs: number,
): HookRun {
  return {
    index,
    source: sourceOf(hook),
    type: hook.type,
    command: hook.label,
    matcher: hook.matcher ?? null,
    background: isBackground(hook),
    status,
    exitCode: null,
    signal: null,
    startedAtMs,
    durationMs: 0,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    output: null,
    error,
  };
}

function sourceOf(hook: ConfiguredHook): HookRun['source'] {
  const { file, level, line, jsonPath, plugin, scope } = hook.provenance;
  if (plugin === undefined && scope === undefined) return { file, level, line, jsonPath };
  return {
    file,
    level,
    line,
    jsonPath,
    ...(plugin === undefined
      ? {}
      : { plugin: { id: plugin.id, name: plugin.name, version: plugin.version ?? null, root: plugin.root } }),
    ...(scope === undefined
      ? {}
      : {
          scope: {
            kind: scope.kind,
            name: scope.name,
            agentId: scope.kind === 'subagent' ? scope.agentId : null,
          },
        }),
  };
}
