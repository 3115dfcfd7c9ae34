import type { RunStatus } from '../outcome/outcome.js';
import { decidingRun } from '../outcome/run-status-words.js';
import type { TimelineEvent } from './timeline-page.js';

/** A hook named in the summary, with the event it ran in. */
export interface SummaryHook {
  readonly position: number;
  readonly event: string;
  readonly index: number;
  readonly command: string;
  readonly status: RunStatus;
  readonly durationMs: number;
}

/** A decision of the session and the hook that made it. */
export interface SummaryDecision {
  readonly position: number;
  readonly event: string;
  readonly decision: string;
  readonly command: string | null;
  readonly reason: string | null;
}

/** The figures at the top of a timeline page. */
export interface TimelineSummary {
  readonly events: number;
  readonly hookRuns: number;
  readonly statuses: Readonly<Partial<Record<RunStatus, number>>>;
  /** Time spent in hooks across the session (the sum of the firings' durations), ms. */
  readonly totalMs: number;
  /** The ten slowest hook runs that ran to an end (not skipped, deduplicated or still running), slowest first. */
  readonly slowest: readonly SummaryHook[];
  /** Every deny and block (the decisions that stopped something), in session order. */
  readonly blocks: readonly SummaryDecision[];
}

const SLOWEST = 10;
/** Statuses of runs that have no duration of their own to compare. */
const NOT_ENDED: ReadonlySet<RunStatus> = new Set(['running', 'skipped', 'deduplicated']);

/** The summary of a session's events: counts, time in hooks, the slowest hooks and the blocks. Pure. */
export function summarizeTimeline(events: readonly TimelineEvent[]): TimelineSummary {
  const statuses: Partial<Record<RunStatus, number>> = {};
  const runs: SummaryHook[] = [];
  const blocks: SummaryDecision[] = [];
  let totalMs = 0;
  let hookRuns = 0;
  for (const { position, outcome } of events) {
    totalMs += outcome.durationMs;
    for (const run of outcome.runs) {
      statuses[run.status] = (statuses[run.status] ?? 0) + 1;
      hookRuns++;
      if (NOT_ENDED.has(run.status)) continue;
      runs.push({
        position,
        event: outcome.event,
        index: run.index,
        command: run.command,
        status: run.status,
        durationMs: run.durationMs,
      });
    }
    if (outcome.decision === 'deny' || outcome.decision === 'block') {
      blocks.push({
        position,
        event: outcome.event,
        decision: outcome.decision,
        command: decidingCommand(outcome.runs, outcome.trace.decision),
        reason: outcome.reason,
      });
    }
  }
  runs.sort((first, second) => second.durationMs - first.durationMs);
  return {
    events: events.length,
    hookRuns,
    statuses,
    totalMs,
    slowest: runs.slice(0, SLOWEST),
    blocks,
  };
}

/** The label of the first hook the outcome's trace names for its decision. */
export function decidingCommand(
  runs: ReadonlyArray<{ readonly index: number; readonly command: string }>,
  decidedBy: readonly number[] | undefined,
): string | null {
  return decidingRun(runs, decidedBy)?.command ?? null;
}
