import type { Outcome } from '../../outcome/outcome.js';
import { formatDuration, renderHookRow } from './hook-row.js';
import { renderOutcomeSummary } from './outcome-summary.js';

/**
 * The readable report of `hookwire fire`: one row per hook in configuration order, then the merged
 * decision and what the agent would show, then the total time.
 */
export function renderOutcomeReport(outcome: Outcome): string {
  const ran = outcome.runs.length;
  const header = `${outcome.event}: ${ran === 0 ? noHookRan(outcome) : `${ran} hook${ran === 1 ? '' : 's'}`}`;
  const rows = outcome.runs.map((run) => renderHookRow(run));
  const summary = renderOutcomeSummary(outcome);
  return `${[header, ...rows, '', ...summary, `  total:    ${formatDuration(outcome.durationMs)}`].join('\n')}\n`;
}

/**
 * The header of a report without runs. A decision there is hookwire's own (untrusted or broken settings fail
 * closed), never a hook's: "no hook matched" above "decision: DENY" would read as a contradiction.
 */
function noHookRan(outcome: Outcome): string {
  if (outcome.decision === null || outcome.decision === undefined) return 'no hook matched';
  return `no hook ran; hookwire itself decides ${outcome.decision} (reason below)`;
}
