/**
 * `npx tsx bench/timeline-load.ts`: how long the timeline page of a 1,000-event session takes to show in
 * headless Chromium (the system's, found as the browser tests find it), against the page of a 1-event session
 * measured in the same run, interleaved in random order. Each sample is a fresh tab loading the file from
 * disk; the figure is the page's own first-contentful-paint time (the script draws everything before it).
 *
 *   npx tsx bench/timeline-load.ts [--rounds N]
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { renderTimelineHtml } from '../src/timeline/render-timeline-html.js';
import { findBrowser, launchOptions } from '../test/support/find-browser.js';
import { formatRatio, formatSummaryMs } from './lib/format.js';
import { interleave } from './lib/interleave.js';
import { summarise } from './lib/stats.js';
import { syntheticEvents } from './lib/synthetic-timeline.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
const rounds = Number(values.rounds);
const WARMUP_ROUNDS = 2;
const browserPath = findBrowser();
if ('missing' in browserPath) {
  process.stdout.write(`SKIP: ${browserPath.missing}\n`);
  process.exit(0);
}

const directory = mkdtempSync(join(tmpdir(), 'hookwire-timeline-bench-'));
const browser = await puppeteer.launch(launchOptions(browserPath.path));
try {
  const sizes = { '1 event': 1, '1,000 events': 1000 } as const;
  const files = Object.fromEntries(
    Object.entries(sizes).map(([name, count]) => {
      const file = join(directory, `${count}.html`);
      writeFileSync(
        file,
        renderTimelineHtml({ title: name, origin: 'bench', events: syntheticEvents(count) }),
      );
      return [name, file];
    }),
  );
  const ready: Record<string, number[]> = {};
  const paint = await interleave(
    Object.fromEntries(
      Object.entries(files).map(([name, file]) => [
        name,
        async () => {
          const page = await browser.newPage();
          await page.setViewport({ width: 1280, height: 900 });
          await page.goto(pathToFileURL(file).href);
          await page.waitForSelector('body[data-ready="true"]');
          // The paint entry is recorded once the first frame with content is drawn, after the script.
          await page.waitForFunction("performance.getEntriesByName('first-contentful-paint').length > 0");
          const [contentful, script] = (await page.evaluate(`[
            performance.getEntriesByName('first-contentful-paint')[0].startTime,
            Number(document.body.getAttribute('data-ready-ms')),
          ]`)) as [number, number];
          await page.close();
          ready[name] = [...(ready[name] ?? []), script];
          return contentful;
        },
      ]),
    ),
    { rounds, warmupRounds: WARMUP_ROUNDS },
  );
  // interleave() drops its warm-up rounds from what it returns; drop them here too.
  for (const name of Object.keys(ready)) ready[name] = ready[name]?.slice(WARMUP_ROUNDS) ?? [];
  const version = await browser.version();
  process.stdout.write(
    `timeline load: ${version}, node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${rounds} rounds\n\n`,
  );
  process.stdout.write(
    '| page | HTML | first contentful paint | script done | vs 1 event |\n|---|---|---|---|---|\n',
  );
  const baseline = summarise(paint['1 event'] ?? []).median;
  for (const [name, file] of Object.entries(files)) {
    const summary = summarise(paint[name] ?? []);
    const kib = (statSync(file).size / 1024).toFixed(0);
    process.stdout.write(
      `| ${name} | ${kib} KiB | ${formatSummaryMs(summary)} | ${formatSummaryMs(summarise(ready[name] ?? []))} | ${formatRatio(summary.median / baseline)} |\n`,
    );
  }
} finally {
  await browser.close();
  rmSync(directory, { recursive: true, force: true });
}
