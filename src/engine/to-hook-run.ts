import { specOf } from '../events/lookup.js';
import type { HookRun, RunStatus } from '../outcome/outcome.js';
import type { HookVerdict } from '../read/hook-verdict.js';
import type { HandlerExecution } from '../run/handler-execution.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';

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
export function notRunHookRun(
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
