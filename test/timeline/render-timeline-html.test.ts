import { describe, expect, it } from 'vitest';
import { syntheticEvents } from '../../bench/lib/synthetic-timeline.js';
import { embedJson } from '../../src/timeline/embed-json.js';
import { renderTimelineHtml } from '../../src/timeline/render-timeline-html.js';
import { decidingCommand, summarizeTimeline } from '../../src/timeline/timeline-summary.js';

describe('embedJson', () => {
  it('gives JSON that no string can break out of a script element with, and that parses back', () => {
    const value = { stdout: '</script><script>alert(1)</script><!-- & \u2028 > </SCRIPT' };
    const embedded = embedJson(value);
    expect(embedded).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(embedded)).toEqual(value);
  });
});

describe('renderTimelineHtml', () => {
  it('is one page with its data, style and script inline and nothing loaded from anywhere', () => {
    const html = renderTimelineHtml({ title: 't', origin: 'o', events: syntheticEvents(3) });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toMatch(/\bsrc=|\bhref=|https?:\/\//);
    expect(html).toContain("default-src 'none'");
    const data = html.slice(html.indexOf('id="timeline-data">') + 19, html.indexOf('</script>'));
    expect(JSON.parse(data).events).toHaveLength(3);
  });
});

describe('summarizeTimeline', () => {
  it('counts events, runs and statuses, lists the blocks with the hook that decided, and the slowest hooks', () => {
    const events = syntheticEvents(10);
    const summary = summarizeTimeline(events);
    expect(summary.events).toBe(10);
    expect(summary.hookRuns).toBe(30);
    expect(summary.statuses).toEqual({ success: 24, non_blocking_error: 2, blocking: 2, timeout: 2 });
    expect(summary.blocks.map((block) => [block.position, block.decision, block.command])).toEqual([
      [4, 'deny', '"$CLAUDE_PROJECT_DIR"/hooks/check-2.sh --event Stop'],
      [9, 'deny', '"$CLAUDE_PROJECT_DIR"/hooks/check-2.sh --event Stop'],
    ]);
    expect(summary.slowest).toHaveLength(10);
    const durations = summary.slowest.map((hook) => hook.durationMs);
    expect(durations).toEqual([...durations].sort((first, second) => second - first));
    expect(decidingCommand([], undefined)).toBeNull();
  });
});
