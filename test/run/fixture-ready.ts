import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/*
 * Synchronising with a fixture instead of guessing how long it takes: a fixture given a path as its last
 * argument creates that file once it has reported what the test needs (its process group id, a child's
 * pid) and set up what the test exercises (a trap). A test waits for the file, never for elapsed time.
 */

/** Beyond this a fixture is taken to be broken, not slow: the wait fails instead of hanging the test. */
const READY_LIMIT_MS = 20_000;

/** A temporary directory for ready files: `file()` names a fresh one in it, `remove()` deletes them all. */
export function readyFiles(): { file(): string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-ready-'));
  let count = 0;
  return {
    file: () => join(directory, `ready-${++count}`),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks this thread, event loop included, until `file` exists. Called right after a runner has spawned
 * the fixture (runCommand spawns before it first awaits), it keeps the runner's timers from firing before
 * the fixture is ready, however slow the machine: a timeout then always finds the fixture ready.
 */
export function holdUntilReady(file: string): void {
  const startedAt = Date.now();
  while (!existsSync(file)) {
    if (Date.now() - startedAt > READY_LIMIT_MS) {
      throw new Error(`${file} never appeared: did the fixture start (does the runner still spawn at once)?`);
    }
    Atomics.wait(pause, 0, 0, 5);
  }
}

/** Resolves once `file` exists, letting the event loop run meanwhile. */
export async function untilReady(file: string): Promise<void> {
  const startedAt = Date.now();
  while (!existsSync(file)) {
    if (Date.now() - startedAt > READY_LIMIT_MS) throw new Error(`${file} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The ids a fixture printed as one line, checked to be there and to be process ids: an empty output would
 * read as 0, and "no process left in group 0" passes for the wrong reason.
 */
function printedIds(output: string, count: number): number[] {
  expect(output).toMatch(new RegExp(`^\\d+(?: \\d+){${count - 1}}\\n$`));
  const ids = output.trim().split(' ').map(Number);
  for (const id of ids) expect(id).toBeGreaterThan(1);
  return ids;
}

/** The process group id a fixture printed as "<pgid>". */
export function printedGroupId(output: string): number {
  return printedIds(output, 1)[0]!;
}

/** The process group id and background child a fixture printed as "<pgid> <child pid>". */
export function printedGroupAndChild(output: string): { pgid: number; childPid: number } {
  const [pgid, childPid] = printedIds(output, 2);
  return { pgid: pgid!, childPid: childPid! };
}
