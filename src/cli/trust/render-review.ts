import { displayPath } from '../../common/display-path.js';
import { isRecord } from '../../common/is-record.js';
import { ownValue } from '../../common/own-value.js';
import { renderTable } from '../../common/render-table.js';
import { visibleText } from '../../common/visible-text.js';
import { wrapLines } from '../../common/wrap-lines.js';
import { handlerTypes } from '../../events/handler-types.js';
import type { FileReview } from '../../settings/review-file.js';
import { describeUntrustedReason } from '../../settings/trust-check.js';
import { canonicalJson, changedFields, diffHooks, handlerFields } from '../../settings/trust-diff.js';
import type { TrustedHook } from '../../settings/trust-store.js';

const HEADER = ['EVENT', 'MATCHER', 'TYPE', 'COMMAND, URL OR PROMPT', 'SOURCE'];

/**
 * What `trust` shows for one file that is not trusted as it is: every hook of a new file; for a changed one,
 * the hooks added, removed and changed since it was trusted (all of them when it resolves elsewhere now).
 * Each hook shows every field that changes what runs (its command, URL or prompt in the table, each other
 * handler field under it: `env`, `shell`, `headers`, `allowedEnvVars`, ...), then the file's settings that
 * change what runs. Every character that is not printable ASCII is shown by name (`visibleText`), so that
 * the terminal cannot be made to show one command while another runs, and every line that would reach the
 * terminal's last column is wrapped (`wrapLines`), never cut: the review is printable ASCII and newlines,
 * and reads back as exactly what runs (docs/trust.md; test/trust/review-rendering.test.ts).
 */
export function renderReview(review: FileReview, cwd: string, width = DEFAULT_WIDTH): string {
  const found = new Set<string>();
  const show = (text: string) => visibleText(text, found);
  const shown = show(displayPath(review.file, cwd));
  const rows = (hook: TrustedHook, mark = ''): string[][] => [
    [
      `${mark}${show(hook.event)}`,
      show(hook.matcher ?? '*'),
      show(hook.type),
      show(hook.label),
      `${shown}:${hook.line}`,
    ],
    ...detailsOf(hook).map((detail) => ['', '', '', show(detail), '']),
  ];
  const problems = review.problems.map(
    (problem) => `  (not loaded: ${shown}:${problem.line}:${problem.column} ${show(problem.message)})\n`,
  );
  const warnings = review.urlWarnings.map(
    (warning) => `  (warning: ${shown}:${warning.line}:${warning.column} ${show(warning.message)})\n`,
  );
  const count = `${review.hooks.length} ${review.hooks.length === 1 ? 'hook' : 'hooks'}`;
  let heading: string;
  let body: string;
  let settings: string;
  if (review.status === 'changed' && review.previous) {
    const diff = diffHooks(review.previous.hooks, review.hooks);
    const table = [
      ...diff.added.flatMap((hook) => rows(hook, '+ ')),
      ...diff.removed.flatMap((hook) => rows(hook, '- ')),
      ...diff.changed.flatMap(({ before, after }) => [
        ...rows(before, '~ was '),
        ...rows(after, '~ now '),
        ['', '', '', `(changed: ${changedFields(before, after).join(', ')})`, ''],
      ]),
    ];
    // A store edited by hand may hold anything there: compared as no settings.
    const before = isRecord(review.previous.settings) ? review.previous.settings : {};
    settings = settingsDiff(before, review.settings, show);
    const summary = `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed`;
    heading = `${shown}: ${show(describeUntrustedReason({ kind: 'changed', trustedAt: review.previous.trustedAt }))} (${summary}; ${count} now)`;
    body =
      table.length > 0
        ? indent(renderTable(HEADER, table))
        : settings !== ''
          ? '  (the same hooks)\n'
          : '  (the same hooks: only other keys, spacing or order changed)\n';
  } else {
    const reason =
      review.status === 'moved' && review.previous
        ? describeUntrustedReason({ kind: 'moved', was: review.previous.realpath, now: review.realpath })
        : review.status === 'other-project' && review.previous && review.project !== undefined
          ? describeUntrustedReason({
              kind: 'other-project',
              project: review.project,
              trustedFor: review.previous.projects ?? [],
            })
          : 'new file';
    heading = `${shown}: ${show(reason)}, ${count}`;
    body =
      review.hooks.length > 0
        ? indent(
            renderTable(
              HEADER,
              review.hooks.flatMap((hook) => rows(hook)),
            ),
          )
        : '';
    settings = settingsList(review.settings, show);
  }
  const note = found.size > 0 ? `  ! ${noteOf([...found])}\n` : '';
  return wrapLines(`${heading}\n${body}${settings}${problems.join('')}${warnings.join('')}${note}`, width);
}

/** Output that is not a terminal has no width to cut at: not wrapped. */
export const DEFAULT_WIDTH = Number.POSITIVE_INFINITY;
/** The most names the last line lists (a prompt in another script would list hundreds). */
const NAMES_LISTED = 12;

function noteOf(names: readonly string[]): string {
  const listed = names.slice(0, NAMES_LISTED).join(', ');
  const more = names.length > NAMES_LISTED ? ` and ${names.length - NAMES_LISTED} more` : '';
  return `holds characters shown above by name (not printable ASCII, or spaces that could hide): ${listed}${more}`;
}

/**
 * The lines under a hook: each handler field the table's column does not show exactly (`args`, `env`,
 * `shell`, `headers`, `allowedEnvVars`, `timeout`, ... and keys hookwire does not know), as `key: JSON`, then
 * how its definition runs it. `args` is listed although the column joins it to the program: joined, `["a b"]`
 * and `["a", "b"]` look the same.
 */
function detailsOf(hook: TrustedHook): string[] {
  const fields = handlerFields(hook);
  const inColumn = new Set(['type', ...labelFieldOf(hook.type)]);
  const details = Object.entries(fields)
    .filter(([key]) => !inColumn.has(key))
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  if (hook.background === true && fields.async !== true) details.push('async: true (from its definition)');
  if (hook.sequential === true) details.push('sequential: true (from its definition)');
  return details;
}

/** The handler field the table's column shows as it is: the type's required one (command, url, prompt). */
function labelFieldOf(type: string): string[] {
  const row = (handlerTypes as Readonly<Record<string, (typeof handlerTypes)[keyof typeof handlerTypes]>>)[
    type
  ];
  return row === undefined ? [] : [row.requiredField];
}

const SETTINGS_HEADING = '  settings that change what runs:\n';

/** Why a settings key is shown, when the key alone does not say. */
const SETTINGS_NOTES: Readonly<Record<string, string>> = {
  env: ' (Claude Code sets these for `hookwire run`, so for every hook)',
};

function settingLine(key: string, value: unknown, show: (text: string) => string, mark = ''): string {
  return `    ${mark}${show(key)}: ${show(JSON.stringify(value))}${ownValue(SETTINGS_NOTES, key) ?? ''}\n`;
}

function settingsList(settings: Readonly<Record<string, unknown>>, show: (text: string) => string): string {
  const lines = Object.entries(settings).map(([key, value]) => settingLine(key, value, show));
  return lines.length > 0 ? `${SETTINGS_HEADING}${lines.join('')}` : '';
}

/** The settings keys added (`+`), removed (`-`) and changed (`~ was`, `~ now`) since the file was trusted. */
function settingsDiff(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  show: (text: string) => string,
): string {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const lines = keys.flatMap((key) => {
    const old = canonicalJson(before[key]);
    const now = canonicalJson(after[key]);
    if (old === now) return [];
    if (old === undefined) return [settingLine(key, after[key], show, '+ ')];
    if (now === undefined) return [settingLine(key, before[key], show, '- ')];
    return [settingLine(key, before[key], show, '~ was '), settingLine(key, after[key], show, '~ now ')];
  });
  return lines.length > 0 ? `${SETTINGS_HEADING}${lines.join('')}` : '';
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
