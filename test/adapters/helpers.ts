import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EngineOptions } from '../../src/engine/engine.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';

/** The directory of the adapters' executable fixture scripts. */
const FIXTURES = resolve(import.meta.dirname, '../fixtures/adapters');

/** A fresh temporary directory, removed by `cleanup`. */
export function temporaryDirectory(): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), 'hookwire-adapters-'));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A command hook (the real script test/fixtures/adapters/reply.sh) that appends its payload to `record`
 * and answers `answer` (a JSON object, or nothing); `exitCode` and `stderr` for exit-2 hooks.
 */
export function replyHook(
  record: string,
  answer?: Record<string, unknown>,
  exit?: { readonly code: number; readonly stderr: string },
) {
  const args = [record, answer === undefined ? '' : JSON.stringify(answer)];
  if (exit !== undefined) args.push(String(exit.code), exit.stderr);
  return { type: 'command' as const, command: join(FIXTURES, 'reply.sh'), args };
}

/** A hook that never answers (test/fixtures/engine/hang.sh), with a timeout in seconds. */
export function hangingHook(timeoutSeconds: number) {
  return {
    type: 'command' as const,
    command: resolve(import.meta.dirname, '../fixtures/engine/hang.sh'),
    timeout: timeoutSeconds,
  };
}

/** Engine options that load only `settings`, with everything else pointed into `directory`. */
export function engineOptionsFor(
  directory: string,
  settings: ClaudeSettings,
  extra: EngineOptions = {},
): EngineOptions {
  return {
    cwd: directory,
    homeDir: directory,
    managedSettingsPath: join(directory, 'no-managed-settings.json'),
    settings: [settings],
    ...extra,
  };
}

/** The payloads a recording hook received, parsed, in order; [] when it never ran. */
export function recorded(path: string): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
