import type { TargetResult } from './target-result.js';

const COLUMNS = ['#', 'target', 'figure', 'baseline', 'ratio', 'wanted', 'verdict'] as const;

function cellsOf(result: TargetResult): string[] {
  return [
    result.id,
    result.name,
    result.figure,
    result.baseline,
    result.ratio,
    result.target,
    result.verdict,
  ];
}

/**
 * The one table `npm run bench` prints: a Markdown table (so it pastes into docs/performance.md as is),
 * followed by the notes of each row.
 */
export function renderTable(results: readonly TargetResult[]): string {
  const rows = results.map(cellsOf);
  const widths = COLUMNS.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  const separator = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const notes = results.flatMap((result) => (result.notes ?? []).map((note) => `- ${result.id}: ${note}`));
  return [line(COLUMNS), separator, ...rows.map(line), '', ...notes].join('\n');
}
