import { NO_EFFECTS } from '../read/hook-verdict.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { ExecutedHook } from './execute-hook.js';
import { notRunHookRun } from './to-hook-run.js';

/** The result of a hook that did not run (deduplicated, skipped) or has not finished (running): no effects. */
export function notRunHook(
  index: number,
  hook: ConfiguredHook,
  status: 'deduplicated' | 'skipped' | 'running',
  why: string | null,
): ExecutedHook {
  return { run: notRunHookRun(index, hook, status, why), effects: NO_EFFECTS };
}
