/** The timeline page's stylesheet, inlined: the page loads nothing from anywhere. */
export const TIMELINE_STYLE = `
:root { --ok: #2e9e4f; --block: #d73a49; --error: #e36209; --timeout: #8250df; --skip: #9aa0a6;
  --cancel: #6a737d; --running: #0969da; --ink: #1f2328; --muted: #656d76; --line: #d0d7de; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
header, #summary, #filters, #events { padding: 0 1.5rem; }
header { padding-top: 1rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.3rem; margin: 0 0 .2rem; word-break: break-all; }
h2 { font-size: 1rem; margin: 1rem 0 .4rem; }
#origin { color: var(--muted); margin: 0 0 .8rem; }
.figures { display: flex; flex-wrap: wrap; gap: .6rem; list-style: none; padding: 0; margin: 1rem 0 .4rem; }
.figures li { border: 1px solid var(--line); border-radius: 6px; padding: .4rem .8rem; min-width: 7rem; }
.figures b { display: block; font-size: 1.3rem; }
table { border-collapse: collapse; width: 100%; max-width: 70rem; }
.table-box { max-height: 16rem; overflow: auto; max-width: 70rem; }
th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.reason, td.command { word-break: break-word; }
td.number { white-space: nowrap; font-variant-numeric: tabular-nums; }
.empty { color: var(--muted); }
#filters { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--line); padding-top: .6rem;
  padding-bottom: .6rem; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; z-index: 1; }
#filters select { font: inherit; }
#shown { color: var(--muted); }
.event { border-bottom: 1px solid var(--line); padding: .6rem 0; }
/* A long session lays out and paints only the events near the screen (the page of 1,000 events: docs/traces.md). */
.event { content-visibility: auto; contain-intrinsic-size: auto 110px; }
.event-head { display: flex; gap: .6rem; align-items: baseline; flex-wrap: wrap; }
.position { color: var(--muted); font-variant-numeric: tabular-nums; }
.time { color: var(--muted); font-family: ui-monospace, monospace; font-size: .85em; }
.name { font-weight: 600; }
.subject { color: var(--muted); word-break: break-all; }
.duration { margin-left: auto; font-variant-numeric: tabular-nums; color: var(--muted); }
.decision { border-radius: 4px; padding: 0 .4rem; font-weight: 600; font-size: .85em; background: #eaeef2; }
.decision-deny, .decision-block { background: var(--block); color: #fff; }
.decision-ask, .decision-defer { background: #bf8700; color: #fff; }
.decision-allow { background: var(--ok); color: #fff; }
.by { font-size: .9em; }
.reason, .changes, .warnings { margin: .2rem 0 0 1.5rem; white-space: pre-wrap; word-break: break-word; }
.changes { color: #9a6700; }
.warnings { color: var(--muted); }
.waterfall { margin: .4rem 0 0 1.5rem; }
.hook { display: grid; grid-template-columns: minmax(10rem, 30%) 1fr; gap: .6rem; align-items: center;
  cursor: pointer; padding: 1px 0; }
.hook:hover, .hook:focus, .hook.selected { background: #f6f8fa; outline: none; }
.label { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-family: ui-monospace, monospace; font-size: .85em; }
.dot { display: inline-block; width: .6rem; height: .6rem; border-radius: 50%; margin-right: .3rem; background: var(--skip); }
.track { position: relative; height: 16px; overflow: hidden; background: #f3f4f6; border-radius: 3px; }
.bar { position: absolute; top: 2px; bottom: 2px; min-width: 2px; border-radius: 2px; background: var(--skip); }
.bar-time { position: absolute; top: 0; font-size: 11px; line-height: 16px; padding: 0 .3rem; white-space: nowrap; color: var(--ink); }
.bar-time.inside { color: #fff; text-shadow: 0 0 2px rgba(0, 0, 0, .6); }
.status-success .bar, .status-success .dot { background: var(--ok); }
.status-blocking .bar, .status-blocking .dot { background: var(--block); }
.status-non_blocking_error .bar, .status-non_blocking_error .dot { background: var(--error); }
.status-timeout .bar, .status-timeout .dot { background: var(--timeout); }
.status-cancelled .bar, .status-cancelled .dot { background: var(--cancel); }
.status-running .bar, .status-running .dot { background: repeating-linear-gradient(45deg, var(--running) 0 6px, #6ea8fe 6px 12px); }
.delivered .bar { opacity: .55; border: 1px dashed var(--ink); }
.axis { display: grid; grid-template-columns: minmax(10rem, 30%) 1fr; gap: .6rem; color: var(--muted); font-size: 11px; }
.axis .scale { display: flex; justify-content: space-between; }
.details { margin: .5rem 0 .2rem 1.5rem; padding: .6rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: #fbfcfd; }
.details h3 { margin: 0 0 .4rem; font-size: .95rem; word-break: break-all; }
.details dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: 0 0 .4rem; }
.details dt { color: var(--muted); }
.details dd { margin: 0; word-break: break-word; }
.details h4 { margin: .5rem 0 .2rem; font-size: .85rem; }
.details pre { margin: 0; padding: .4rem; background: #f6f8fa; border-radius: 4px; max-height: 20rem; overflow: auto;
  white-space: pre-wrap; word-break: break-all; font-size: 12px; }
`;
