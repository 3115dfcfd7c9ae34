import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentToolContext } from '../../src/run/model/agent-tools/agent-tool.js';
import { globTool } from '../../src/run/model/agent-tools/glob-tool.js';
import { grepTool } from '../../src/run/model/agent-tools/grep-tool.js';
import { readTool } from '../../src/run/model/agent-tools/read-tool.js';
import { transcriptTool } from '../../src/run/model/agent-tools/transcript-tool.js';

let project: string;
beforeAll(async () => {
  project = await realpath(await mkdtemp(path.join(tmpdir(), 'hookwire-agent-bounds-')));
  await mkdir(path.join(project, 'pipes'));
  for (const name of ['a', 'b', 'c', 'd', 'e']) execFileSync('mkfifo', [path.join(project, 'pipes', name)]);
  await writeFile(path.join(project, 'pipes', 'plain.txt'), 'plain text\n');
  await mkdir(path.join(project, 'slow'));
  await writeFile(path.join(project, 'slow', 'lines.txt'), `ok\n${'a'.repeat(32)}!\n`);
  // Under a backtracking glob engine, `**a` nine times against this name runs for about a minute.
  await mkdir(path.join(project, 'names'));
  await writeFile(path.join(project, 'names', 'a'.repeat(60)), '');
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** A tool context whose signal aborts after `timeoutMs`, as the hook's timeout does. */
function contextFor(timeoutMs: number, transcriptPath?: string): AgentToolContext {
  return { projectRoot: project, transcriptPath, signal: AbortSignal.timeout(timeoutMs) };
}

describe('agent tools never outlive the hook', () => {
  it('Read, Grep and Transcript refuse a FIFO at once instead of waiting for a writer', async () => {
    const context = contextFor(60_000, path.join(project, 'pipes', 'e'));
    // Four blocked opens used to hold all four of libuv's file-system threads: nothing else could read.
    const results = await Promise.all([
      ...['a', 'b', 'c'].map((name) => readTool.run({ path: `pipes/${name}` }, context)),
      grepTool.run({ pattern: 'x', path: 'pipes/d' }, context),
      transcriptTool.run({}, context),
    ]);
    expect(results.slice(0, 3)).toEqual(
      ['a', 'b', 'c'].map((name) => ({ content: `pipes/${name}: is not a regular file`, isError: true })),
    );
    expect(results[3]).toEqual({ content: 'No matches.', isError: false });
    expect(results[4]).toEqual({ content: 'the transcript is not a regular file', isError: true });
    expect(await readFile(path.join(project, 'pipes', 'plain.txt'), 'utf8')).toBe('plain text\n');
    // A walk over the directory skips the FIFOs and still searches the regular file.
    expect(await grepTool.run({ pattern: 'plain', path: 'pipes' }, context)).toEqual({
      content: 'pipes/plain.txt:1: plain text',
      isError: false,
    });
  });

  it("Grep stops the model's backtracking regex at the hook's timeout", async () => {
    const result = await grepTool.run({ pattern: '(a+)+$', path: 'slow' }, contextFor(1000));
    expect(result).toEqual({ content: 'Grep stopped at the hook timeout', isError: true });
  });

  it('Grep still answers ordinary searches from its worker', async () => {
    const result = await grepTool.run(
      { pattern: '^OK$', path: 'slow', ignore_case: true },
      contextFor(60_000),
    );
    expect(result).toEqual({ content: 'slow/lines.txt:1: ok', isError: false });
  });

  it("Glob with many ** ends by the hook's timeout (or at once, under a linear glob engine)", async () => {
    const result = await globTool.run(
      { pattern: '**a**a**a**a**a**a**a**a**b', path: 'names' },
      contextFor(1000),
    );
    expect([
      { content: 'Glob stopped at the hook timeout', isError: true },
      { content: 'No files found.', isError: false },
    ]).toContainEqual(result);
    expect(await globTool.run({ pattern: `${'a'.repeat(60)}` }, contextFor(60_000))).toEqual({
      content: `names/${'a'.repeat(60)}`,
      isError: false,
    });
  });
});
