import { displayPath } from '../../common/display-path.js';
import type { HookRun } from '../../outcome/outcome.js';
import { RUN_STATUS_WORDS } from '../../outcome/run-status-words.js';

/** The status column's width, so that rows line up. */
const STATUS_WIDTH = Math.max(...Object.values(RUN_STATUS_WORDS).map(({ label }) => label.length));

/** `12 ms`, `1.4 s`: milliseconds below a second, seconds with one decimal above. */
export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

/** The exit code column: the code, the signal, or a dash for hooks that never ran as a process. */
function exitColumn(run: HookRun): string {
  if (run.signal) return run.signal;
  return run.exitCode === null ? '-' : `exit ${run.exitCode}`;
}

/** Keeps report rows on one line: the first line of `text`, cut to `width` characters. */
export function oneLine(text: string, width = 100): string {
  const first = text.trim().split('\n')[0] ?? '';
  const more = text.trim().includes('\n') ? ' …' : '';
  return first.length > width ? `${first.slice(0, width - 1)}…` : `${first}${more}`;
}

/**
 * One hook as a report row: status, exit code, time, label and where it is configured, then (indented)
 * why it blocked or failed.
 */
export function renderHookRow(run: HookRun, indent = '  '): string {
  const { plugin, scope } = run.source;
  // A plugin's or a scope's hook names it: a path under ~/.claude/plugins/cache says little by itself.
  const owner = plugin ? `plugin ${plugin.id} ` : scope ? `${scope.kind} ${scope.name} ` : '';
  const where = `${owner}${displayPath(run.source.file, process.cwd())}:${run.source.line}`;
  const background = run.background ? ' (background)' : '';
  const row = `${indent}${RUN_STATUS_WORDS[run.status].label.padEnd(STATUS_WIDTH)}  ${exitColumn(run).padEnd(7)} ${formatDuration(run.durationMs).padStart(7)}  ${oneLine(run.command, 70)}${background}  ${where}`;
  return run.error ? `${row}\n${indent}${' '.repeat(STATUS_WIDTH + 2)}↳ ${oneLine(run.error)}` : row;
}
