/*
 * The timeline page's script, inlined (plain ES2017, no dependencies): it reads the data embedded in
 * <script id="timeline-data" type="application/json"> and builds the summary, the filters and one waterfall
 * per event. Every string from the session (hook output above all, which is untrusted) reaches the page
 * through textContent or an attribute set by the DOM, never through innerHTML.
 */
export const TIMELINE_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('timeline-data').textContent);
  var STATUS_WORD = { success: 'ok', blocking: 'blocked', non_blocking_error: 'error', timeout: 'timeout',
    skipped: 'skipped', deduplicated: 'deduplicated', cancelled: 'cancelled', running: 'background' };
  var byPosition = {};

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function duration(value) {
    if (value >= 1000) return (value / 1000).toFixed(2) + ' s';
    return (value < 10 ? value.toFixed(1) : String(Math.round(value))) + ' ms';
  }
  function decider(outcome) {
    var list = outcome.trace && outcome.trace.decision;
    if (!list || list.length === 0) return null;
    for (var i = 0; i < outcome.runs.length; i++) if (outcome.runs[i].index === list[0]) return outcome.runs[i];
    return null;
  }
  function deliveredFrom(run) {
    return run.details && typeof run.details.deliveredFrom === 'string' ? run.details.deliveredFrom : null;
  }
  function eventLink(position) {
    var link = element('a', null, '#' + position);
    link.href = '#event-' + position;
    return link;
  }
  function row(cells) {
    var tr = element('tr');
    cells.forEach(function (cell) {
      var td = element('td', cell.className || null);
      if (cell.node) td.appendChild(cell.node); else td.textContent = cell.text === null ? '' : String(cell.text);
      tr.appendChild(td);
    });
    return tr;
  }
  function table(headings, rows, emptyText) {
    if (rows.length === 0) return element('p', 'empty', emptyText);
    // A long session's tables scroll in a box of their own, so the events stay in reach.
    var box = element('div', 'table-box');
    var node = box.appendChild(element('table'));
    var head = element('tr');
    headings.forEach(function (heading) { head.appendChild(element('th', null, heading)); });
    node.appendChild(head);
    rows.forEach(function (cells) { node.appendChild(row(cells)); });
    return box;
  }

  function renderSummary(summary) {
    var root = document.getElementById('summary');
    var figures = element('ul', 'figures');
    var errors = (summary.statuses.non_blocking_error || 0) + (summary.statuses.timeout || 0);
    [['events', summary.events], ['hook runs', summary.hookRuns], ['blocks', summary.blocks.length],
      ['errors and timeouts', errors], ['time in hooks', duration(summary.totalMs)]].forEach(function (pair) {
      var item = element('li');
      item.appendChild(element('b', null, pair[1]));
      item.appendChild(document.createTextNode(pair[0]));
      item.setAttribute('data-figure', pair[0]);
      figures.appendChild(item);
    });
    root.appendChild(figures);
    root.appendChild(element('h2', null, 'Blocks' + (summary.blocks.length > 0 ? ' (' + summary.blocks.length + ')' : '')));
    root.appendChild(table(['event', '', 'decision', 'hook', 'reason'], summary.blocks.map(function (block) {
      return [{ node: eventLink(block.position) }, { text: block.event }, { text: block.decision },
        { text: block.command, className: 'command' }, { text: block.reason, className: 'reason' }];
    }), 'No hook blocked or denied anything.')).id = 'blocks';
    root.appendChild(element('h2', null, 'Slowest hooks'));
    root.appendChild(table(['event', '', 'hook', 'status', 'time'], summary.slowest.map(function (hook) {
      return [{ node: eventLink(hook.position) }, { text: hook.event },
        { text: hook.command, className: 'command' },
        { text: STATUS_WORD[hook.status] || hook.status }, { text: duration(hook.durationMs), className: 'number' }];
    }), 'No hook ran.')).id = 'slowest';
  }

  function axisOf(outcome) {
    var axis = Math.max(outcome.durationMs, 1);
    outcome.runs.forEach(function (run) {
      if (run.status !== 'running' && deliveredFrom(run) === null) axis = Math.max(axis, run.startedAtMs + run.durationMs);
    });
    return axis;
  }

  function renderHook(run, axis) {
    var from = deliveredFrom(run);
    var node = element('div', 'hook status-' + run.status + (from !== null ? ' delivered' : ''));
    node.setAttribute('role', 'button');
    node.setAttribute('tabindex', '0');
    node.setAttribute('data-index', String(run.index));
    var label = element('span', 'label');
    label.appendChild(element('span', 'dot'));
    label.appendChild(document.createTextNode(run.command));
    label.title = run.command;
    var track = element('div', 'track');
    var bar = element('div', 'bar');
    var left, width, text;
    if (from !== null) {
      left = 0; width = 100;
      text = 'ran in the background after ' + from + ' (' + duration(run.durationMs) + '), delivered here';
    } else if (run.status === 'running') {
      left = run.startedAtMs / axis * 100; width = 100 - left;
      text = 'started in the background: its result comes with a later event';
    } else {
      left = run.startedAtMs / axis * 100; width = run.durationMs / axis * 100;
      text = duration(run.durationMs) + ' ' + (STATUS_WORD[run.status] || run.status) +
        (run.exitCode !== null ? ' (exit ' + run.exitCode + ')' : '') + (run.signal ? ' (' + run.signal + ')' : '');
    }
    left = Math.min(Math.max(left, 0), 99.5);
    bar.style.left = left + '%';
    bar.style.width = Math.max(Math.min(width, 100 - left), 0.3) + '%';
    bar.title = text;
    // A wide bar carries its text inside; a narrow one beside it, on the side with room.
    var inside = width > 40;
    var time = element('span', 'bar-time' + (inside ? ' inside' : ''), text);
    if (inside) time.style.left = left + '%';
    else if (left + width > 60) time.style.right = (100 - left) + '%';
    else time.style.left = (left + width) + '%';
    track.appendChild(bar);
    track.appendChild(time);
    node.appendChild(label);
    node.appendChild(track);
    return node;
  }

  function renderEvent(item) {
    var outcome = item.outcome;
    byPosition[item.position] = item;
    var section = element('section', 'event');
    section.id = 'event-' + item.position;
    section.setAttribute('data-position', String(item.position));
    section.setAttribute('data-event', outcome.event);
    section.setAttribute('data-decision', outcome.decision || 'none');
    var statuses = {};
    outcome.runs.forEach(function (run) { statuses[run.status] = true; });
    section.setAttribute('data-statuses', ' ' + Object.keys(statuses).join(' ') + ' ');
    var head = element('div', 'event-head');
    head.appendChild(element('span', 'position', '#' + item.position));
    if (item.time) head.appendChild(element('span', 'time', item.time.replace('T', ' ').replace('Z', '')));
    head.appendChild(element('span', 'name', outcome.event));
    if (item.subject) head.appendChild(element('span', 'subject', item.subject));
    head.appendChild(element('span', 'decision decision-' + (outcome.decision || 'none'), outcome.decision || 'no decision'));
    var by = decider(outcome);
    if (by !== null) head.appendChild(element('span', 'by', 'by ' + by.command));
    head.appendChild(element('span', 'duration', duration(outcome.durationMs)));
    section.appendChild(head);
    if (outcome.reason) section.appendChild(element('div', 'reason', 'reason: ' + outcome.reason));
    if (outcome.continue === false) section.appendChild(element('div', 'reason', 'stop: ' + (outcome.stopReason || '')));
    if (item.changes.length > 0) section.appendChild(element('div', 'changes', 'changed since recorded: ' + item.changes.join('; ')));
    if (outcome.warnings.length > 0) section.appendChild(element('div', 'warnings', outcome.warnings.join('\n')));
    var waterfall = element('div', 'waterfall');
    if (outcome.runs.length === 0) waterfall.appendChild(element('div', 'empty', 'no hook matched'));
    else {
      var axis = axisOf(outcome);
      outcome.runs.forEach(function (run) { waterfall.appendChild(renderHook(run, axis)); });
      var scale = element('div', 'axis');
      scale.appendChild(element('span'));
      var ticks = element('div', 'scale');
      ticks.appendChild(element('span', null, '0'));
      ticks.appendChild(element('span', null, duration(axis / 2)));
      ticks.appendChild(element('span', null, duration(axis)));
      scale.appendChild(ticks);
      waterfall.appendChild(scale);
    }
    section.appendChild(waterfall);
    return section;
  }

  function field(list, name, value) {
    if (value === null || value === undefined || value === '') return;
    list.appendChild(element('dt', null, name));
    list.appendChild(element('dd', null, value));
  }
  function block(parent, heading, text, note) {
    parent.appendChild(element('h4', null, heading + (note ? ' ' + note : '')));
    parent.appendChild(element('pre', null, text === '' ? '(empty)' : text));
  }

  function showDetails(section, hookNode) {
    var item = byPosition[Number(section.getAttribute('data-position'))];
    var index = Number(hookNode.getAttribute('data-index'));
    var run = null;
    item.outcome.runs.forEach(function (candidate) { if (candidate.index === index) run = candidate; });
    var previous = section.querySelector('.details');
    var selected = section.querySelector('.hook.selected');
    if (selected) selected.classList.remove('selected');
    if (previous) {
      previous.remove();
      if (previous.getAttribute('data-index') === String(index)) return;
    }
    hookNode.classList.add('selected');
    var details = element('div', 'details');
    details.setAttribute('data-index', String(index));
    details.appendChild(element('h3', null, 'hook ' + run.index + ': ' + run.command));
    var list = element('dl');
    field(list, 'status', STATUS_WORD[run.status] || run.status);
    field(list, 'exit code', run.exitCode === null ? '-' : String(run.exitCode));
    field(list, 'signal', run.signal);
    field(list, 'started', '+' + duration(run.startedAtMs));
    field(list, 'took', duration(run.durationMs));
    field(list, 'type', run.type + (run.background ? ' (background)' : ''));
    field(list, 'matcher', run.matcher);
    field(list, 'defined in', run.source.file + ':' + run.source.line + ' (' + run.source.jsonPath + ')');
    field(list, 'why', run.error);
    field(list, 'delivered from', deliveredFrom(run));
    details.appendChild(list);
    block(details, 'stdout', run.stdout, run.stdoutTruncated ? '(truncated)' : '');
    block(details, 'stderr', run.stderr, run.stderrTruncated ? '(truncated)' : '');
    block(details, 'parsed output', run.output === null ? '(none)' : JSON.stringify(run.output, null, 2), '');
    if (run.details) block(details, 'details', JSON.stringify(run.details, null, 2), '');
    section.querySelector('.waterfall').after(details);
  }

  function fillSelect(select, values) {
    values.forEach(function (pair) {
      var option = element('option', null, pair[1]);
      option.value = pair[0];
      select.appendChild(option);
    });
  }

  function setUpFilters(sections) {
    var eventSelect = document.getElementById('filter-event');
    var statusSelect = document.getElementById('filter-status');
    var decisionSelect = document.getElementById('filter-decision');
    var counts = {};
    data.events.forEach(function (item) { counts[item.outcome.event] = (counts[item.outcome.event] || 0) + 1; });
    fillSelect(eventSelect, [['', 'every event']].concat(Object.keys(counts).sort().map(function (name) {
      return [name, name + ' (' + counts[name] + ')'];
    })));
    fillSelect(statusSelect, [['', 'any status']].concat(Object.keys(data.summary.statuses).map(function (status) {
      return [status, (STATUS_WORD[status] || status) + ' (' + data.summary.statuses[status] + ')'];
    })));
    fillSelect(decisionSelect, [['', 'any decision'], ['any', 'some decision'], ['deny', 'deny'], ['block', 'block'],
      ['ask', 'ask'], ['defer', 'defer'], ['allow', 'allow'], ['none', 'no decision']]);
    var shown = document.getElementById('shown');
    function apply() {
      var event = eventSelect.value, status = statusSelect.value, decision = decisionSelect.value;
      var visible = 0;
      sections.forEach(function (section) {
        var ok = (event === '' || section.getAttribute('data-event') === event) &&
          (status === '' || section.getAttribute('data-statuses').indexOf(' ' + status + ' ') >= 0) &&
          (decision === '' || (decision === 'any' ? section.getAttribute('data-decision') !== 'none'
            : section.getAttribute('data-decision') === decision));
        section.hidden = !ok;
        if (ok) visible++;
      });
      shown.textContent = visible + ' of ' + sections.length + ' events';
    }
    [eventSelect, statusSelect, decisionSelect].forEach(function (select) { select.addEventListener('change', apply); });
    apply();
  }

  document.title = 'hookwire timeline: ' + data.title;
  document.getElementById('title').textContent = data.title;
  document.getElementById('origin').textContent = data.origin;
  renderSummary(data.summary);
  var list = document.getElementById('events');
  var fragment = document.createDocumentFragment();
  var sections = data.events.map(function (item) { return fragment.appendChild(renderEvent(item)); });
  list.appendChild(fragment);
  function activate(target) {
    var hookNode = target.closest('.hook');
    if (hookNode) showDetails(hookNode.closest('.event'), hookNode);
  }
  list.addEventListener('click', function (event) { activate(event.target); });
  list.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); activate(event.target); }
  });
  setUpFilters(sections);
  // For tests and bench/timeline-load.ts: drawn, and how long after navigation.
  document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
  document.body.setAttribute('data-ready', 'true');
})();
`;
