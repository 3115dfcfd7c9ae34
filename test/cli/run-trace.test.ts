import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src/trace/trace-line.js';
import { hookInput, runCli } from './run-cli.js';

const fixtures = 'test/fixtures/cli';
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-trace-'));
  directories.push(directory);
  return directory;
}

function traceLines(file: string): TraceLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TraceLine);
}

describe('hookwire run --trace', () => {
  it('records the event with the answer it gave, and gives the same answer as without a trace', async () => {
    const dir = join(temporaryDirectory(), 'traces');
    const args = ['run', 'PreToolUse', '--settings', `${fixtures}/exit2.json`];
    const input = hookInput('PreToolUse', bash);
    const [plain, traced] = await Promise.all([
      runCli(args, input),
      runCli([...args, '--trace', dir], input),
    ]);
    expect(traced).toEqual(plain);
    expect(traced).toEqual({ code: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' });

    const file = join(dir, 's1.trace.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [line, ...more] = traceLines(file);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      v: 1,
      event: 'PreToolUse',
      sessionId: 's1',
      payload: JSON.parse(input),
      answer: { exitCode: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' },
      outcome: { decision: 'deny', runs: [{ status: 'blocking', exitCode: 2 }] },
    });
  });

  it('keeps whole lines when concurrent runs of one session (HOOKWIRE_TRACE_DIR) append large lines', async () => {
    const dir = temporaryDirectory();
    const runs = 6;
    const results = await Promise.all(
      Array.from({ length: runs }, (_, position) =>
        runCli(
          ['run', '--settings', `${fixtures}/big-context.json`],
          hookInput('UserPromptSubmit', { prompt: `prompt ${position}` }),
          { HOOKWIRE_TRACE_DIR: dir },
        ),
      ),
    );
    expect(results.map((result) => result.code)).toEqual(new Array(runs).fill(0));
    const lines = traceLines(join(dir, 's1.trace.jsonl'));
    // Each line carries 200,000 characters of hook stdout (and as much again in the answer): far above the
    // pipe-sized writes the kernel guarantees for pipes, so only O_APPEND with one write keeps them whole.
    expect(lines.map((line) => (line.payload as { prompt: string }).prompt).sort()).toEqual(
      Array.from({ length: runs }, (_, position) => `prompt ${position}`),
    );
    expect(lines.every((line) => line.outcome.runs[0]?.stdout.length === 200_001)).toBe(true);
  });

  it('gives the answer and a warning on stderr when the trace directory cannot be written', async () => {
    const parent = temporaryDirectory();
    // A regular file where the directory should be: unwritable for root too, whom file modes do not stop.
    const blocked = join(parent, 'not-a-directory');
    writeFileSync(blocked, '');
    const readOnly = join(parent, 'read-only');
    const result = await runCli(
      ['run', '--settings', `${fixtures}/exit2.json`, '--trace', join(blocked, 'traces')],
      hookInput('PreToolUse', bash),
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^MK_EXIT2 blocked by hook\nhookwire run: trace: cannot record PreToolUse in .*not-a-directory\/traces\/s1\.trace\.jsonl: ENOTDIR[^\n]*\n$/,
    );

    if (process.getuid?.() !== 0) {
      mkdirSync(readOnly, { mode: 0o500 });
      chmodSync(readOnly, 0o500);
      const denied = await runCli(
        ['run', '--settings', `${fixtures}/exit2.json`, '--trace', readOnly],
        hookInput('PreToolUse', bash),
      );
      expect(denied.code).toBe(2);
      expect(denied.stderr).toMatch(/hookwire run: trace: cannot record PreToolUse .*EACCES/);
      expect(readdirSync(readOnly)).toEqual([]);
      chmodSync(readOnly, 0o700);
    }
  });

  it('never follows a symbolic link planted in a shared trace directory (the victim file is left as it was)', async () => {
    const parent = temporaryDirectory();
    const victim = join(parent, 'bashrc');
    writeFileSync(victim, 'alias ls="ls --color"\n', { mode: 0o644 });
    chmodSync(victim, 0o644);
    const shared = join(parent, 'shared-traces');
    mkdirSync(shared, { mode: 0o777 });
    symlinkSync(victim, join(shared, 's1.trace.jsonl'));
    const result = await runCli(
      ['run', '--settings', `${fixtures}/exit2.json`, '--trace', shared],
      hookInput('PreToolUse', bash),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^MK_EXIT2 blocked by hook\nhookwire run: trace: cannot record PreToolUse in .*shared-traces\/s1\.trace\.jsonl: it is a symbolic link, which a trace never follows/,
    );
    expect(readFileSync(victim, 'utf8')).toBe('alias ls="ls --color"\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
  });
});
