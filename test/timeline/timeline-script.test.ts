import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decidingRun, RUN_STATUS_WORDS } from '../../src/outcome/run-status-words.js';
import { TIMELINE_SCRIPT } from '../../src/timeline/timeline-script.js';
import { decidingCommand } from '../../src/timeline/timeline-summary.js';

const program = readFileSync(
  new URL('../../src/timeline/browser/timeline-program.ts', import.meta.url),
  'utf8',
);

describe("the timeline page's browser program", () => {
  it('takes its status words and who decided from the module the CLI reads, not a copy of its own', () => {
    expect(program).toContain("from '../../outcome/run-status-words.js'");
    // A table of its own would spell these as property values.
    expect(program).not.toMatch(/(?:blocking|deduplicated|running):\s*'/);
    for (const { word } of Object.values(RUN_STATUS_WORDS))
      expect(TIMELINE_SCRIPT).toContain(`word: "${word}"`);
  });

  it('is one ES2017 script, with nothing the page would have to load', () => {
    expect(TIMELINE_SCRIPT.startsWith('"use strict";\n(() => {')).toBe(true);
    expect(TIMELINE_SCRIPT).not.toMatch(/\bimport\b|\brequire\(|<\/script/i);
  });

  it('names as the decider the first hook the trace names, for the summary and the page alike', () => {
    const runs = [
      { index: 0, command: 'first' },
      { index: 2, command: 'third' },
    ];
    expect(decidingRun(runs, [2, 0])).toEqual({ index: 2, command: 'third' });
    expect(decidingRun(runs, [])).toBeUndefined();
    expect(decidingRun(runs, undefined)).toBeUndefined();
    expect(decidingCommand(runs, [2, 0])).toBe('third');
    expect(decidingCommand(runs, [5])).toBeNull();
  });
});
