import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderTimelineHtml } from '../timeline/render-timeline-html.js';
import type { TimelinePage } from '../timeline/timeline-page.js';
import { CommandInputError } from './command-input.js';

/** Refuses an `--html` path whose directory does not exist, before any hook runs. */
export function checkTimelinePath(path: string): string {
  const absolute = resolve(path);
  const directory = dirname(absolute);
  if (!existsSync(directory) || !statSync(directory).isDirectory())
    throw new CommandInputError(`--html: directory not found: ${directory}`);
  return absolute;
}

/**
 * Writes the timeline page to `path`, 0600 like the traces it is drawn from (it holds hook output).
 * Returns the line that tells the user where it went and how to open it.
 */
export function writeTimelineFile(path: string, page: TimelinePage): string {
  writeFileSync(path, renderTimelineHtml(page), { mode: 0o600 });
  return `timeline: ${path} (open it in a browser: file://${path})\n`;
}
