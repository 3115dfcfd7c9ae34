import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';

/** The directory of this area's executable fixture scripts. */
const FIXTURES = resolve(import.meta.dirname, '../fixtures/adapters');

/** A temporary project (also the home, so no test reads the real one), removed by `cleanup`. */
export function temporaryProject() {
  const path = mkdtempSync(join(tmpdir(), 'hookwire-adapters-'));
  return {
    path,
    /** Engine options that load only `settings`, nothing from the machine. */
    engineOptions: (settings: ClaudeSettings) => ({
      cwd: path,
      projectDir: path,
      homeDir: join(path, 'home'),
      managedSettingsPath: join(path, 'managed-settings.json'),
      deepAgentsPath: join(path, 'home', 'hooks.json'),
      settings: [settings],
    }),
    cleanup: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** What a scripted hook answers: stdout (JSON object or text), stderr, exit code. */
export interface HookAnswer {
  readonly stdout?: Record<string, unknown> | string;
  readonly stderr?: string;
  readonly exit?: number;
}

/** A command hook running respond.mjs: records its payload in `record` and answers `answer`. */
export function respondingHook(record: string, answer: HookAnswer = {}) {
  return {
    type: 'command' as const,
    command: process.execPath,
    args: [join(FIXTURES, 'respond.mjs'), record, JSON.stringify(answer)],
  };
}

/** A command hook that never answers (timeout `seconds`). */
export function hangingHook(seconds: number) {
  return { type: 'command' as const, command: join(FIXTURES, 'hang.sh'), timeout: seconds };
}

/** The payloads a responding hook recorded, parsed; [] when it never ran. */
export function recorded(path: string): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
