import type { RunStatus } from './outcome.js';

/*
 * How people read an outcome, shared by the CLI's reports and the timeline page's browser program (bundled
 * into it by `npm run generate`): one table of status words and one rule for who decided.
 */

/** Each run status in words: `word` in the timeline's sentences and filters, `label` in the CLI's columns. */
export const RUN_STATUS_WORDS: Readonly<
  Record<RunStatus, { readonly word: string; readonly label: string }>
> = {
  success: { word: 'ok', label: 'ok' },
  blocking: { word: 'blocked', label: 'BLOCK' },
  non_blocking_error: { word: 'error', label: 'error' },
  timeout: { word: 'timeout', label: 'timeout' },
  skipped: { word: 'skipped', label: 'skipped' },
  deduplicated: { word: 'deduplicated', label: 'dedup' },
  cancelled: { word: 'cancelled', label: 'cancel' },
  running: { word: 'background', label: 'async' },
};

/** The run that decided: the first hook the outcome's trace names for its decision, if any. */
export function decidingRun<Run extends { readonly index: number }>(
  runs: readonly Run[],
  decidedBy: readonly number[] | undefined,
): Run | undefined {
  const first = decidedBy?.[0];
  return first === undefined ? undefined : runs.find((run) => run.index === first);
}
