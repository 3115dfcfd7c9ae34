import { embedJson } from './embed-json.js';
import type { TimelinePage } from './timeline-page.js';
import { TIMELINE_SCRIPT } from './timeline-script.js';
import { TIMELINE_STYLE } from './timeline-style.js';
import { summarizeTimeline } from './timeline-summary.js';

/*
 * The page loads nothing (no network, no CDN: it works from file://), and its Content-Security-Policy says
 * so: even a string that slipped past the script's textContent rule could not fetch or run anything.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'";

/**
 * One self-contained HTML page showing a session's events as waterfalls (docs/traces.md, "The timeline"):
 * a summary, filters by event, status and decision, and each hook's output on click. Pure: the data is
 * embedded as JSON (escaped for a script element) and drawn by the inline script.
 */
export function renderTimelineHtml(page: TimelinePage): string {
  const data = { ...page, summary: summarizeTimeline(page.events) };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="hookwire">
<title>hookwire timeline</title>
<style>${TIMELINE_STYLE}</style>
</head>
<body>
<header><h1 id="title"></h1><p id="origin"></p></header>
<section id="summary"></section>
<nav id="filters">
<label>Event <select id="filter-event"></select></label>
<label>Status <select id="filter-status"></select></label>
<label>Decision <select id="filter-decision"></select></label>
<span id="shown"></span>
</nav>
<main id="events"></main>
<noscript>This timeline is drawn by its inline script: allow JavaScript for this file.</noscript>
<script type="application/json" id="timeline-data">${embedJson(data)}</script>
<script>${TIMELINE_SCRIPT}</script>
</body>
</html>
`;
}
