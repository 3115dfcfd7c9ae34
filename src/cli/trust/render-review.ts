import { displayPath } from '../../common/display-path.js';
import { describeUntrustedReason } from '../../settings/trust-check.js';
import type { TrustedHook } from '../../settings/trust-store.js';
import { renderTable } from '../render-table.js';
import type { FileReview } from './review-file.js';
import { diffHooks } from './trust-diff.js';

const HEADER = ['EVENT', 'MATCHER', 'TYPE', 'COMMAND, URL OR PROMPT', 'SOURCE'];

/**
 * What `trust` shows for one file that is not trusted as it is: every hook of a new file; for a changed one,
 * the hooks added, removed and changed since it was trusted (all of them when it resolves elsewhere now).
 */
export function renderReview(review: FileReview, cwd: string): string {
  const shown = displayPath(review.file, cwd);
  const row = (hook: TrustedHook, mark = '') => [
    `${mark}${hook.event}`,
    hook.matcher ?? '*',
    hook.type,
    hook.label,
    `${shown}:${hook.line}`,
  ];
  const problems = review.problems.map(
    (problem) => `  (not loaded: ${shown}:${problem.line}:${problem.column} ${problem.message})\n`,
  );
  const count = `${review.hooks.length} ${review.hooks.length === 1 ? 'hook' : 'hooks'}`;
  if (review.status === 'changed' && review.previous) {
    const diff = diffHooks(review.previous.hooks, review.hooks);
    const rows = [
      ...diff.added.map((hook) => row(hook, '+ ')),
      ...diff.removed.map((hook) => row(hook, '- ')),
      ...diff.changed.flatMap(({ before, after }) => [row(before, '~ was '), row(after, '~ now ')]),
    ];
    const summary = `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed`;
    const body =
      rows.length > 0
        ? indent(renderTable(HEADER, rows))
        : '  (the same hooks: only other keys, spacing or order changed)\n';
    return `${shown}: ${describeUntrustedReason({ kind: 'changed', trustedAt: review.previous.trustedAt })} (${summary}; ${count} now)\n${body}${problems.join('')}`;
  }
  const reason =
    review.status === 'moved' && review.previous
      ? describeUntrustedReason({ kind: 'moved', was: review.previous.realpath, now: review.realpath })
      : 'new file';
  const body =
    review.hooks.length > 0
      ? indent(
          renderTable(
            HEADER,
            review.hooks.map((hook) => row(hook)),
          ),
        )
      : '';
  return `${shown}: ${reason}, ${count}\n${body}${problems.join('')}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
