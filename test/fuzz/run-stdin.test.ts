import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';
import { CLI_RUN_ENTRY } from '../support/cli-entry.js';

/*
 * `hookwire run` reads the hook input from its stdin, which the host writes; a broken host, or anything else
 * that runs it, may write anything. Whatever arrives, it must answer (exit code and a message naming the
 * stdin), never crash with a stack trace or hang. Real processes, real pipes.
 */

const home = mkdtempSync(join(tmpdir(), 'hookwire-run-stdin-'));
const settings = join(home, 'settings.json');
writeFileSync(
  settings,
  '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"cat >/dev/null; echo fine >&2"}]}]}}',
);
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(stdin: Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...CLI_RUN_ENTRY, 'run', '--settings', settings], {
    cwd: root,
    env: { ...process.env, HOOKWIRE_HOME: home, HOOKWIRE_MANAGED_SETTINGS: join(home, 'none.json') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A run that refuses early may close its stdin before all is written: that is its right.
  child.stdin.on('error', () => {});
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const stop = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: 's',
    transcript_path: '/tmp/t.jsonl',
    cwd: root,
    hook_event_name: 'Stop',
    ...extra,
  });

describe('hookwire run on hostile stdin', () => {
  it.each([
    ['empty', '', /no hook input on stdin/],
    ['truncated JSON', stop().slice(0, 40), /the hook input on stdin is not valid JSON/],
    ['an array', '[1,2]', /the hook input on stdin must be a JSON object/],
    ['a string', '"Stop"', /the hook input on stdin must be a JSON object/],
    ['null', 'null', /the hook input on stdin must be a JSON object/],
    ['NUL bytes', '\u0000\u0000', /the hook input on stdin is not valid JSON/],
  ])(
    'refuses %s with exit 2 and a message naming stdin',
    async (_label, input, message) => {
      const result = await run(Buffer.from(input));
      // 2: the event it would name may be one that can block, and hookwire's own failure fails closed.
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    },
    60_000,
  );

  it('reads invalid UTF-8 inside strings as U+FFFD and answers', async () => {
    const input = Buffer.concat([
      Buffer.from(stop().slice(0, -1)),
      Buffer.from(',"x":"'),
      Buffer.of(0xff, 0xc3, 0x28),
      Buffer.from('"}'),
    ]);
    const result = await run(input);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  }, 60_000);

  it('answers a 100 MB hook input', async () => {
    const input = Buffer.from(stop({ padding: 'x'.repeat(100 * 1024 * 1024) }));
    const result = await run(input);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  }, 120_000);
});
