import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticEvents } from '../../bench/lib/synthetic-timeline.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Outcome } from '../../src/outcome/outcome.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { renderTimelineHtml } from '../../src/timeline/render-timeline-html.js';
import type { TimelineEvent } from '../../src/timeline/timeline-page.js';
import { hookInput, runCli } from '../cli/run-cli.js';
import { temporaryHome } from '../engine/engine-harness.js';
import { findBrowser, launchOptions } from '../support/find-browser.js';

/*
 * The timeline page in a real headless browser (the system's Chromium, driven by puppeteer-core). Without a
 * browser these tests skip, and say why on stderr.
 */
const browserPath = findBrowser();
const missing = 'missing' in browserPath ? browserPath.missing : undefined;
if (missing !== undefined) process.stderr.write(`timeline browser tests skipped: ${missing}\n`);

const XSS = '<img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script><!--';

let browser: Browser;
let directory: string;
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'hookwire-timeline-'));
  if ('path' in browserPath) browser = await puppeteer.launch(launchOptions(browserPath.path));
});
afterAll(async () => {
  await browser?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function open(file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

async function writePage(name: string, events: TimelineEvent[]): Promise<string> {
  const file = join(directory, name);
  writeFileSync(file, renderTimelineHtml({ title: name, origin: 'test', events }));
  return file;
}

/** The share of the screenshot's pixels that are not white, measured by the browser itself. */
async function inkedShare(page: Page): Promise<number> {
  const png = await page.screenshot({ encoding: 'base64', type: 'png' });
  const canvasPage = await browser.newPage();
  try {
    // Run in the browser (a string: this project's TypeScript has no DOM library).
    return (await canvasPage.evaluate(`(async () => {
      const image = new Image();
      image.src = 'data:image/png;base64,${png}';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let offset = 0; offset < pixels.length; offset += 4) {
        if (pixels[offset] + pixels[offset + 1] + pixels[offset + 2] < 720) inked++;
      }
      return inked / (pixels.length / 4);
    })()`)) as number;
  } finally {
    await canvasPage.close();
  }
}

const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? ''));

describe.skipIf(missing !== undefined)('the timeline page in a headless browser', () => {
  it('shows a session recorded by hookwire run: which hook blocked, why, and its output on click', async () => {
    const traces = join(directory, 'traces');
    const bash = (command: string) => ({
      tool_name: 'Bash',
      tool_input: { command },
      tool_use_id: 'toolu_01',
    });
    for (const [settings, input] of [
      ['test/fixtures/cli/allow.json', hookInput('PreToolUse', bash('ls'))],
      ['test/fixtures/cli/exit2.json', hookInput('PreToolUse', bash('rm -rf /'))],
    ] as const) {
      const result = await runCli(['run', '--settings', settings, '--trace', traces], input);
      expect(result.code).not.toBe(1);
    }
    const html = join(directory, 'recorded.html');
    const replay = await runCli(['replay', join(traces, 's1.trace.jsonl'), '--recorded', '--html', html]);
    expect(replay.code).toBe(0);
    expect(replay.stderr).toBe(`timeline: ${html} (open it in a browser: file://${html})\n`);

    const page = await open(html);
    expect(await texts(page, '.figures li')).toEqual([
      '2events',
      '2hook runs',
      '1blocks',
      '0errors and timeouts',
      expect.stringMatching(/ms|s$/),
    ]);
    expect(await texts(page, '#blocks td.reason')).toEqual([
      '["$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/exit2.sh]: MK_EXIT2 blocked by hook',
    ]);
    const blocked = '#event-2';
    expect(await texts(page, `${blocked} .decision, ${blocked} .by, ${blocked} .subject`)).toEqual([
      'Bash: rm -rf /',
      'deny',
      'by "$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/exit2.sh',
    ]);
    await page.click(`${blocked} .hook.status-blocking`);
    const details = await texts(page, `${blocked} .details dd, ${blocked} .details pre`);
    expect(details).toContain('2');
    expect(details).toContain('MK_EXIT2 blocked by hook\n');
    expect(details).toContain('stdout is ignored on exit 2\n');
    expect(await inkedShare(page)).toBeGreaterThan(0.02);
    await page.close();
  });

  it('draws parallel hooks, a sequential chain and background hooks on one axis, and shows hostile output as text', async () => {
    const home = temporaryHome();
    const release = join(home.root, 'release');
    let backgroundEnded: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      backgroundEnded = resolve;
    });
    const hooks: ClaudeSettings['hooks'] = {
      PreToolUse: [
        {
          hooks: [
            { type: 'command', command: 'cat >/dev/null; sleep 0.1; echo parallel-a' },
            { type: 'command', command: `cat >/dev/null; printf '%s' '${XSS}'; exit 2` },
          ],
        },
        {
          sequential: true,
          hooks: [
            { type: 'command', command: 'cat >/dev/null; sleep 0.1; echo chain-1' },
            { type: 'command', command: 'cat >/dev/null; echo chain-2' },
          ],
        },
        {
          hooks: [
            {
              type: 'command',
              // Finishes only once the test says so, after the first firing: its result comes with the second.
              command: `cat >/dev/null; while [ ! -e '${release}' ]; do sleep 0.02; done; echo '{"systemMessage":"late news"}'`,
              async: true,
            },
          ],
        },
      ],
    };
    const engine = await createEngine({
      ...home.options,
      settings: [{ hooks }],
      onHookEnd: (run) => {
        if (run.background) backgroundEnded();
      },
    });
    const outcomes: Outcome[] = [];
    try {
      const payload = { session_id: 'x', tool_name: 'Bash', tool_input: { command: 'ls' } };
      outcomes.push(await engine.fire('PreToolUse', payload));
      writeFileSync(release, '');
      await ended;
      // onHookEnd comes just before the engine queues the result; its promise chain settles within this turn.
      await new Promise((resolve) => setImmediate(resolve));
      // An event with no hooks of its own: it carries the background result only.
      outcomes.push(await engine.fire('UserPromptSubmit', { session_id: 'x', prompt: 'next' }));
    } finally {
      await engine.close();
      home.remove();
    }
    const [first] = outcomes as [Outcome];
    const chain = first.runs.filter((run) => run.command.includes('chain'));
    expect(chain[1]?.startedAtMs).toBeGreaterThanOrEqual(
      (chain[0]?.startedAtMs ?? 0) + (chain[0]?.durationMs ?? 0),
    );

    const events = outcomes.map((outcome, position) => ({
      position: position + 1,
      time: null,
      subject: 'Bash: ls',
      outcome,
      changes: position === 1 ? ['decision deny → none'] : [],
    }));
    const page = await open(await writePage('engine.html', events));
    const first1 = '#event-1';
    expect(await page.$$eval(`${first1} .hook`, (nodes) => nodes.map((node) => node.className))).toEqual([
      'hook status-success',
      'hook status-blocking',
      'hook status-success',
      'hook status-success',
      'hook status-running',
    ]);
    // The chain's second bar starts where the first ends, and both lie within the axis.
    const styles = await page.$$eval(`${first1} .bar`, (nodes) =>
      nodes.map((node) => node.getAttribute('style') ?? ''),
    );
    const [, , chainBar, nextBar] = styles.map((style) =>
      ['left', 'width'].map((property) => Number(new RegExp(`${property}: ([0-9.]+)%`).exec(style)?.[1])),
    );
    const [chainLeft = Number.NaN, chainWidth = Number.NaN] = chainBar ?? [];
    const [nextLeft = Number.NaN] = nextBar ?? [];
    expect(nextLeft).toBeGreaterThanOrEqual(chainLeft + chainWidth - 0.01);
    expect(await page.$$eval('#event-2 .hook.delivered', (nodes) => nodes.length)).toBe(1);
    expect(await texts(page, '#event-2 .changes')).toEqual(['changed since recorded: decision deny → none']);

    await page.click(`${first1} .hook.status-blocking`);
    expect(await texts(page, `${first1} .details pre`)).toContain(XSS);
    expect(await page.evaluate('typeof window.__xss')).toBe('undefined');
    expect(await page.$$eval('img', (nodes) => nodes.length)).toBe(0);

    await page.select('#filter-status', 'running');
    expect(await page.$$eval('.event:not([hidden])', (nodes) => nodes.map((node) => node.id))).toEqual([
      'event-1',
    ]);
    expect(await inkedShare(page)).toBeGreaterThan(0.02);
    await page.close();
  });

  it('renders a 1,000-event session whole, with working filters', async () => {
    const page = await open(await writePage('thousand.html', syntheticEvents(1000)));
    const loadMs = await page.evaluate(() => performance.now());
    process.stderr.write(
      `timeline of 1,000 events ready ${Math.round(loadMs)} ms after navigation (not asserted)\n`,
    );
    expect(await page.$$eval('.event', (nodes) => nodes.length)).toBe(1000);
    expect(await page.$$eval('.hook', (nodes) => nodes.length)).toBe(3000);
    expect(await texts(page, '#shown')).toEqual(['1000 of 1000 events']);
    await page.select('#filter-decision', 'deny');
    expect(await texts(page, '#shown')).toEqual(['200 of 1000 events']);
    await page.select('#filter-event', 'Stop');
    expect(await texts(page, '#shown')).toEqual(['200 of 1000 events']);
    await page.select('#filter-event', 'PreToolUse');
    expect(await texts(page, '#shown')).toEqual(['0 of 1000 events']);
    await page.close();
  });
});
