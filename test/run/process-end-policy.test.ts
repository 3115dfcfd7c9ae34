import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { beginHookRun, endHookRun } from '../../src/run/process/hook-run-marker.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import {
  HOOKWIRE_PROCESS_END,
  type ProcessEndPolicy,
  type ProcessResult,
  spawnHookProcess,
} from '../../src/run/process/spawn-hook-process.js';
import { holdUntilReady, readyFiles } from './fixture-ready.js';

/*
 * The one spawner ends a hook by its family's policy (Deep Agents Code's: the pipes awaited to EOF, SIGKILL
 * at once, leftovers left): each rule against hookwire's own as the control.
 */
const ready = readyFiles();
afterAll(async () => {
  await endAllHookProcesses();
  ready.remove();
});

const DEEPAGENTS_LIKE: ProcessEndPolicy = { pipesAfterExit: 'eof', killGraceMs: 0, killLeftovers: false };

async function run(script: string, timeoutMs: number, end: ProcessEndPolicy, readyFile?: string) {
  const marker = beginHookRun(undefined);
  const running = spawnHookProcess({
    file: '/bin/sh',
    args: ['-c', script],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    input: '',
    timeoutMs,
    outputCapBytes: 1000,
    marker,
    end,
  });
  if (readyFile !== undefined) holdUntilReady(readyFile);
  const result: ProcessResult = await running.finally(() => endHookRun(marker));
  return result;
}

async function appears(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the process end policy', () => {
  it("'eof': a background child holding the pipes keeps the hook running until its timeout; 'drain' does not", async () => {
    const script = 'echo out; sleep 30 & exit 0';
    const awaited = await run(script, 300, DEEPAGENTS_LIKE);
    expect(awaited.kind).toBe('timed_out');
    const drained = await run(script, 20_000, HOOKWIRE_PROCESS_END);
    expect([drained.kind, drained.stdout, drained.pipesClosedAfterExit]).toEqual([
      'completed',
      'out\n',
      true,
    ]);
  }, 30_000);

  it('killGraceMs 0: no SIGTERM, so a trap never runs; the default grace lets it run', async () => {
    const caught = ready.file();
    const trap = (readyFile: string) =>
      `trap 'touch ${caught}; exit 0' TERM; touch ${readyFile}; while :; do sleep 0.05; done`;
    const first = ready.file();
    expect((await run(trap(first), 100, DEEPAGENTS_LIKE, first)).kind).toBe('timed_out');
    expect(existsSync(caught)).toBe(false);
    const second = ready.file();
    expect((await run(trap(second), 100, HOOKWIRE_PROCESS_END, second)).kind).toBe('timed_out');
    expect(existsSync(caught)).toBe(true);
  }, 30_000);

  it('killLeftovers false: what an exited hook left in its group outlives the timeout', async () => {
    const survived = ready.file();
    const result = await run(`(sleep 0.3; touch ${survived}) >/dev/null 2>&1 & exit 0`, 50, DEEPAGENTS_LIKE);
    expect([result.kind, result.leftProcessesBehind]).toEqual(['completed', undefined]);
    await appears(survived);
  }, 30_000);
});
