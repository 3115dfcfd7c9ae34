import { NO_EFFECTS } from '../read/hook-verdict.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { ExecutedHook } from './execute-hook.js';
import { notRunHookRun } from './to-hook-run.js';

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
