import type { Outcome } from '../../outcome/outcome.js';
import { formatDuration, oneLine, renderHookRow } from './hook-row.js';
import { renderOutcomeSummary } from './outcome-summary.js';

/** What the event was about, in a few words: the tool call, the prompt, the start source, ... */
export function eventSubject(payload: Readonly<Record<string, unknown>>): string {
  const input = payload.tool_input as Record<string, unknown> | undefined;
  if (typeof payload.tool_name === 'string') {
    const detail = input?.command ?? input?.file_path ?? input?.pattern ?? input?.url;
    return typeof detail === 'string' ? `${payload.tool_name}: ${oneLine(detail, 60)}` : payload.tool_name;
  }
  for (const key of ['prompt', 'source', 'reason', 'trigger', 'notification_type', 'agent_type', 'name']) {
    const value = payload[key];
    if (typeof value === 'string') return `${key}: ${oneLine(JSON.stringify(value), 70)}`;
  }
  if (typeof payload.stop_hook_active === 'boolean') return `stop_hook_active: ${payload.stop_hook_active}`;
  return '';
}

/** One event of a replayed session: a numbered heading, the hooks that ran, and the merged result. */
export function renderTimelineEntry(
  position: number,
  payload: Readonly<Record<string, unknown>>,
  outcome: Outcome,
): string {
  const subject = eventSubject(payload);
  const heading = `${String(position).padStart(2)}. ${outcome.event}${subject ? `  (${subject})` : ''}  ${formatDuration(outcome.durationMs)}`;
  const rows =
    outcome.runs.length === 0
      ? ['      no hook matched']
      : outcome.runs.map((run) => renderHookRow(run, '      '));
  return `${[heading, ...rows, ...renderOutcomeSummary(outcome, '      ')].join('\n')}\n`;
}
