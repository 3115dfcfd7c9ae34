import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The directory of this area's executable fixture scripts. */
export const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/deepagents');

/** A fixture script's absolute path. */
export function fixture(name: string): string {
  return join(FIXTURES, name);
}

/** A fresh temporary directory, removed by `cleanup`. */
export function temporaryDirectory(): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), 'hookwire-deepagents-'));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Writes a hooks.json (an object, or raw text for malformed files) and returns its path. */
export function writeHooks(directory: string, content: unknown, name = 'hooks.json'): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** The JSON lines a recording hook appended, parsed; [] when it never ran. */
export function recordedPayloads(path: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** A logger that keeps what it is given. */
export function collectingLogger(): {
  debug(message: string): void;
  warn(message: string): void;
  warnings: string[];
  debugs: string[];
} {
  const warnings: string[] = [];
  const debugs: string[] = [];
  return {
    warnings,
    debugs,
    debug: (message) => debugs.push(message),
    warn: (message) => warnings.push(message),
  };
}

/** Polls until `check` passes or the timeout elapses (then its last error is thrown). */
export async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Whether a process exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
