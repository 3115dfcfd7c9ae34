/*
 * The timeline page's program, run by the browser (DOM types: tsconfig.browser.json). `npm run generate`
 * bundles it, with the status words and the rule for who decided that it shares with the CLI, into one
 * ES2017 script (src/timeline/timeline-script.ts) that the page inlines. It reads the data embedded in
 * <script id="timeline-data" type="application/json"> and builds the summary, the filters and one waterfall
 * per event. Every string from the session (hook output above all, which is untrusted) reaches the page
 * through textContent or an attribute set by the DOM, never through innerHTML.
 */
import type { HookRun, Outcome } from '../../outcome/outcome.js';
import { decidingRun, RUN_STATUS_WORDS } from '../../outcome/run-status-words.js';
import type { TimelineEvent, TimelinePage } from '../timeline-page.js';
import type { TimelineSummary } from '../timeline-summary.js';

/** What renderTimelineHtml embeds. */
type TimelineData = TimelinePage & { readonly summary: TimelineSummary };

/** A table cell: a node, or text (null: empty). */
type Cell =
  | { readonly node: Node; readonly className?: string }
  | { readonly text: unknown; readonly className?: string };

const data = JSON.parse(byId('timeline-data').textContent ?? 'null') as TimelineData;
const byPosition: Record<number, TimelineEvent> = {};

function byId<Element extends HTMLElement = HTMLElement>(id: string): Element {
  return document.getElementById(id) as Element;
}

/** A status in words; a status this page does not know (a newer trace) as it is. */
function statusWord(status: string): string {
  return (RUN_STATUS_WORDS as Record<string, { word: string } | undefined>)[status]?.word ?? status;
}

function element(tag: string, className?: string | null, text?: unknown): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}
function duration(value: number): string {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return `${value < 10 ? value.toFixed(1) : String(Math.round(value))} ms`;
}
function deliveredFrom(run: HookRun): string | null {
  const from = run.details?.deliveredFrom;
  return typeof from === 'string' ? from : null;
}
function eventLink(position: number): HTMLElement {
  const link = element('a', null, `#${position}`) as HTMLAnchorElement;
  link.href = `#event-${position}`;
  return link;
}
function row(cells: readonly Cell[]): HTMLElement {
  const tr = element('tr');
  for (const cell of cells) {
    const td = element('td', cell.className || null);
    if ('node' in cell) td.appendChild(cell.node);
    else td.textContent = cell.text === null ? '' : String(cell.text);
    tr.appendChild(td);
  }
  return tr;
}
function table(
  headings: readonly string[],
  rows: readonly (readonly Cell[])[],
  emptyText: string,
): HTMLElement {
  if (rows.length === 0) return element('p', 'empty', emptyText);
  // A long session's tables scroll in a box of their own, so the events stay in reach.
  const box = element('div', 'table-box');
  const node = box.appendChild(element('table'));
  const head = element('tr');
  for (const heading of headings) head.appendChild(element('th', null, heading));
  node.appendChild(head);
  for (const cells of rows) node.appendChild(row(cells));
  return box;
}

function renderSummary(summary: TimelineSummary): void {
  const root = byId('summary');
  const figures = element('ul', 'figures');
  const errors = (summary.statuses.non_blocking_error || 0) + (summary.statuses.timeout || 0);
  const pairs: [string, unknown][] = [
    ['events', summary.events],
    ['hook runs', summary.hookRuns],
    ['blocks', summary.blocks.length],
    ['errors and timeouts', errors],
    ['time in hooks', duration(summary.totalMs)],
  ];
  for (const [name, value] of pairs) {
    const item = element('li');
    item.appendChild(element('b', null, value));
    item.appendChild(document.createTextNode(name));
    item.setAttribute('data-figure', name);
    figures.appendChild(item);
  }
  root.appendChild(figures);
  root.appendChild(
    element('h2', null, `Blocks${summary.blocks.length > 0 ? ` (${summary.blocks.length})` : ''}`),
  );
  root.appendChild(
    table(
      ['event', '', 'decision', 'hook', 'reason'],
      summary.blocks.map((block) => [
        { node: eventLink(block.position) },
        { text: block.event },
        { text: block.decision },
        { text: block.command, className: 'command' },
        { text: block.reason, className: 'reason' },
      ]),
      'No hook blocked or denied anything.',
    ),
  ).id = 'blocks';
  root.appendChild(element('h2', null, 'Slowest hooks'));
  root.appendChild(
    table(
      ['event', '', 'hook', 'status', 'time'],
      summary.slowest.map((hook) => [
        { node: eventLink(hook.position) },
        { text: hook.event },
        { text: hook.command, className: 'command' },
        { text: statusWord(hook.status) },
        { text: duration(hook.durationMs), className: 'number' },
      ]),
      'No hook ran.',
    ),
  ).id = 'slowest';
}

function axisOf(outcome: Outcome): number {
  let axis = Math.max(outcome.durationMs, 1);
  for (const run of outcome.runs) {
    if (run.status !== 'running' && deliveredFrom(run) === null)
      axis = Math.max(axis, run.startedAtMs + run.durationMs);
  }
  return axis;
}

function renderHook(run: HookRun, axis: number): HTMLElement {
  const from = deliveredFrom(run);
  const node = element('div', `hook status-${run.status}${from !== null ? ' delivered' : ''}`);
  node.setAttribute('role', 'button');
  node.setAttribute('tabindex', '0');
  node.setAttribute('data-index', String(run.index));
  const label = element('span', 'label');
  label.appendChild(element('span', 'dot'));
  label.appendChild(document.createTextNode(run.command));
  label.title = run.command;
  const track = element('div', 'track');
  const bar = element('div', 'bar');
  let left: number;
  let width: number;
  let text: string;
  if (from !== null) {
    left = 0;
    width = 100;
    text = `ran in the background after ${from} (${duration(run.durationMs)}), delivered here`;
  } else if (run.status === 'running') {
    left = (run.startedAtMs / axis) * 100;
    width = 100 - left;
    text = 'started in the background: its result comes with a later event';
  } else {
    left = (run.startedAtMs / axis) * 100;
    width = (run.durationMs / axis) * 100;
    text = `${duration(run.durationMs)} ${statusWord(run.status)}${run.exitCode !== null ? ` (exit ${run.exitCode})` : ''}${run.signal ? ` (${run.signal})` : ''}`;
  }
  left = Math.min(Math.max(left, 0), 99.5);
  bar.style.left = `${left}%`;
  bar.style.width = `${Math.max(Math.min(width, 100 - left), 0.3)}%`;
  bar.title = text;
  // A wide bar carries its text inside; a narrow one beside it, on the side with room.
  const inside = width > 40;
  const time = element('span', `bar-time${inside ? ' inside' : ''}`, text);
  if (inside) time.style.left = `${left}%`;
  else if (left + width > 60) time.style.right = `${100 - left}%`;
  else time.style.left = `${left + width}%`;
  track.appendChild(bar);
  track.appendChild(time);
  node.appendChild(label);
  node.appendChild(track);
  return node;
}

function renderEvent(item: TimelineEvent): HTMLElement {
  const outcome = item.outcome;
  byPosition[item.position] = item;
  const section = element('section', 'event');
  section.id = `event-${item.position}`;
  section.setAttribute('data-position', String(item.position));
  section.setAttribute('data-event', outcome.event);
  section.setAttribute('data-decision', outcome.decision || 'none');
  const statuses: Record<string, true> = {};
  for (const run of outcome.runs) statuses[run.status] = true;
  section.setAttribute('data-statuses', ` ${Object.keys(statuses).join(' ')} `);
  const head = element('div', 'event-head');
  head.appendChild(element('span', 'position', `#${item.position}`));
  if (item.time) head.appendChild(element('span', 'time', item.time.replace('T', ' ').replace('Z', '')));
  head.appendChild(element('span', 'name', outcome.event));
  if (item.subject) head.appendChild(element('span', 'subject', item.subject));
  head.appendChild(
    element('span', `decision decision-${outcome.decision || 'none'}`, outcome.decision || 'no decision'),
  );
  const by = decidingRun(outcome.runs, outcome.trace?.decision);
  if (by !== undefined) head.appendChild(element('span', 'by', `by ${by.command}`));
  head.appendChild(element('span', 'duration', duration(outcome.durationMs)));
  section.appendChild(head);
  if (outcome.reason) section.appendChild(element('div', 'reason', `reason: ${outcome.reason}`));
  if (outcome.continue === false)
    section.appendChild(element('div', 'reason', `stop: ${outcome.stopReason || ''}`));
  if (item.changes.length > 0)
    section.appendChild(element('div', 'changes', `changed since recorded: ${item.changes.join('; ')}`));
  if (outcome.warnings.length > 0)
    section.appendChild(element('div', 'warnings', outcome.warnings.join('\n')));
  const waterfall = element('div', 'waterfall');
  if (outcome.runs.length === 0) waterfall.appendChild(element('div', 'empty', 'no hook matched'));
  else {
    const axis = axisOf(outcome);
    for (const run of outcome.runs) waterfall.appendChild(renderHook(run, axis));
    const scale = element('div', 'axis');
    scale.appendChild(element('span'));
    const ticks = element('div', 'scale');
    ticks.appendChild(element('span', null, '0'));
    ticks.appendChild(element('span', null, duration(axis / 2)));
    ticks.appendChild(element('span', null, duration(axis)));
    scale.appendChild(ticks);
    waterfall.appendChild(scale);
  }
  section.appendChild(waterfall);
  return section;
}

function field(list: HTMLElement, name: string, value: string | null | undefined): void {
  if (value === null || value === undefined || value === '') return;
  list.appendChild(element('dt', null, name));
  list.appendChild(element('dd', null, value));
}
function block(parent: HTMLElement, heading: string, text: string, note: string): void {
  parent.appendChild(element('h4', null, heading + (note ? ` ${note}` : '')));
  parent.appendChild(element('pre', null, text === '' ? '(empty)' : text));
}

function showDetails(section: Element, hookNode: Element): void {
  const item = byPosition[Number(section.getAttribute('data-position'))] as TimelineEvent;
  const index = Number(hookNode.getAttribute('data-index'));
  const run = item.outcome.runs.find((candidate) => candidate.index === index) as HookRun;
  const previous = section.querySelector('.details');
  const selected = section.querySelector('.hook.selected');
  if (selected) selected.classList.remove('selected');
  if (previous) {
    previous.remove();
    if (previous.getAttribute('data-index') === String(index)) return;
  }
  hookNode.classList.add('selected');
  const details = element('div', 'details');
  details.setAttribute('data-index', String(index));
  details.appendChild(element('h3', null, `hook ${run.index}: ${run.command}`));
  const list = element('dl');
  field(list, 'status', statusWord(run.status));
  field(list, 'exit code', run.exitCode === null ? '-' : String(run.exitCode));
  field(list, 'signal', run.signal);
  field(list, 'started', `+${duration(run.startedAtMs)}`);
  field(list, 'took', duration(run.durationMs));
  field(list, 'type', run.type + (run.background ? ' (background)' : ''));
  field(list, 'matcher', run.matcher);
  field(list, 'defined in', `${run.source.file}:${run.source.line} (${run.source.jsonPath})`);
  field(list, 'why', run.error);
  field(list, 'delivered from', deliveredFrom(run));
  details.appendChild(list);
  block(details, 'stdout', run.stdout, run.stdoutTruncated ? '(truncated)' : '');
  block(details, 'stderr', run.stderr, run.stderrTruncated ? '(truncated)' : '');
  block(details, 'parsed output', run.output === null ? '(none)' : JSON.stringify(run.output, null, 2), '');
  if (run.details) block(details, 'details', JSON.stringify(run.details, null, 2), '');
  section.querySelector('.waterfall')?.after(details);
}

function fillSelect(select: HTMLSelectElement, values: readonly (readonly [string, string])[]): void {
  for (const [value, text] of values) {
    const option = element('option', null, text) as HTMLOptionElement;
    option.value = value;
    select.appendChild(option);
  }
}

function setUpFilters(sections: readonly HTMLElement[]): void {
  const eventSelect = byId<HTMLSelectElement>('filter-event');
  const statusSelect = byId<HTMLSelectElement>('filter-status');
  const decisionSelect = byId<HTMLSelectElement>('filter-decision');
  const counts: Record<string, number> = {};
  for (const item of data.events) counts[item.outcome.event] = (counts[item.outcome.event] || 0) + 1;
  fillSelect(eventSelect, [
    ['', 'every event'],
    ...Object.keys(counts)
      .sort()
      .map((name) => [name, `${name} (${counts[name]})`] as const),
  ]);
  const statusCounts = data.summary.statuses as Record<string, number>;
  fillSelect(statusSelect, [
    ['', 'any status'],
    ...Object.keys(statusCounts).map(
      (status) => [status, `${statusWord(status)} (${statusCounts[status]})`] as const,
    ),
  ]);
  fillSelect(decisionSelect, [
    ['', 'any decision'],
    ['any', 'some decision'],
    ['deny', 'deny'],
    ['block', 'block'],
    ['ask', 'ask'],
    ['defer', 'defer'],
    ['allow', 'allow'],
    ['none', 'no decision'],
  ]);
  const shown = byId('shown');
  function apply(): void {
    const event = eventSelect.value;
    const status = statusSelect.value;
    const decision = decisionSelect.value;
    let visible = 0;
    for (const section of sections) {
      const ok =
        (event === '' || section.getAttribute('data-event') === event) &&
        (status === '' || (section.getAttribute('data-statuses') ?? '').indexOf(` ${status} `) >= 0) &&
        (decision === '' ||
          (decision === 'any'
            ? section.getAttribute('data-decision') !== 'none'
            : section.getAttribute('data-decision') === decision));
      section.hidden = !ok;
      if (ok) visible++;
    }
    shown.textContent = `${visible} of ${sections.length} events`;
  }
  for (const select of [eventSelect, statusSelect, decisionSelect]) select.addEventListener('change', apply);
  apply();
}

document.title = `hookwire timeline: ${data.title}`;
byId('title').textContent = data.title;
byId('origin').textContent = data.origin;
renderSummary(data.summary);
const list = byId('events');
const fragment = document.createDocumentFragment();
const sections = data.events.map((item) => fragment.appendChild(renderEvent(item)));
list.appendChild(fragment);
function activate(target: EventTarget | null): void {
  const hookNode = target instanceof Element ? target.closest('.hook') : null;
  const section = hookNode?.closest('.event');
  if (hookNode && section) showDetails(section, hookNode);
}
list.addEventListener('click', (event) => activate(event.target));
list.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    activate(event.target);
  }
});
setUpFilters(sections);
// For tests and bench/timeline-load.ts: drawn, and how long after navigation.
document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
document.body.setAttribute('data-ready', 'true');
