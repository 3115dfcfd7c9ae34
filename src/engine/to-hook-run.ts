import type { HookRun, RunStatus } from '../outcome/outcome.js';
import type { HookVerdict } from '../read/hook-verdict.js';
import type { HandlerExecution } from '../run/handler-execution.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';

/** The `Outcome.runs` entry of a hook that ran, from what its runner returned and how it was read. */
export function toHookRun(
  index: number,
  hook: ConfiguredHook,
  execution: HandlerExecution,
  verdict: HookVerdict,
): HookRun {
  return {
    ...runBase(index, hook),
    status: verdict.status,
    exitCode: execution.exitCode,
    signal: execution.signal,
    durationMs: execution.durationMs,
    stdout: execution.stdout,
    stderr: execution.stderr,
    stdoutTruncated: execution.stdoutTruncated,
    stderrTruncated: execution.stderrTruncated,
    output: verdict.output,
    error: verdict.error,
    ...(execution.details ? { details: execution.details } : {}),
  };
}

/** The entry of a hook that did not run (deduplicated, skipped) or has not finished (running). */
export function notRunHookRun(
  index: number,
  hook: ConfiguredHook,
  status: Extract<RunStatus, 'deduplicated' | 'skipped' | 'running'>,
  error: string | null,
): HookRun {
  return {
    ...runBase(index, hook),
    status,
    exitCode: null,
    signal: null,
    durationMs: 0,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    output: null,
    error,
  };
}

function runBase(index: number, hook: ConfiguredHook) {
  const { file, level, line, jsonPath } = hook.provenance;
  return {
    index,
    source: { file, level, line, jsonPath },
    type: hook.type,
    command: hook.label,
    matcher: hook.matcher ?? null,
    background: isBackground(hook),
  };
}

/** Whether the engine starts the hook without waiting for it: `async`, or `asyncRewake` (which implies it). */
export function isBackground(hook: ConfiguredHook): boolean {
  return hook.background || (hook.handler.type === 'command' && hook.handler.asyncRewake === true);
}
