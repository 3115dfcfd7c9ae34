import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-fire-html-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('hookwire fire --html', () => {
  it('writes the event’s timeline page, 0600, and says where on stderr', async () => {
    const html = join(temporary, 'fired.html');
    const payload = {
      tool_name: 'Write',
      tool_input: { file_path: 'a.txt', content: 'x' },
      tool_use_id: 't1',
    };
    const result = await runCli([
      'fire',
      'PreToolUse',
      '--settings',
      'test/fixtures/cli/deny.json',
      '--payload',
      JSON.stringify(payload),
      '--json',
      '--html',
      html,
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).decision).toBe('deny');
    expect(result.stderr).toBe(`timeline: ${html} (open it in a browser: file://${html})\n`);
    expect(statSync(html).mode & 0o777).toBe(0o600);
    const page = readFileSync(html, 'utf8');
    const data = JSON.parse(page.slice(page.indexOf('id="timeline-data">') + 19, page.indexOf('</script>')));
    expect(data.title).toBe('PreToolUse');
    expect(data.events.map((event: { subject: string }) => event.subject)).toEqual(['Write: a.txt']);
    expect(data.summary.blocks).toEqual([
      {
        position: 1,
        event: 'PreToolUse',
        decision: 'deny',
        command: expect.stringContaining('deny.sh'),
        reason: 'MK_DENY no writes here',
      },
    ]);
  });
});
