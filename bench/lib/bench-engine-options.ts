import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';

let sandbox: string | undefined;

/** A temp directory standing in for home and the project, so no benchmark reads real settings. */
export function benchSandbox(): string {
  sandbox ??= mkdtempSync(join(tmpdir(), 'hookwire-bench-'));
  return sandbox;
}

/** Engine options that load exactly `settings` and nothing from the machine. */
export function benchEngineOptions(settings: ClaudeSettings) {
  const directory = benchSandbox();
  return {
    cwd: directory,
    projectDir: directory,
    homeDir: directory,
    managedSettingsPath: join(directory, 'managed-settings.json'),
    deepAgentsPath: join(directory, 'hooks.json'),
    settings: [settings],
  };
}

/** `count` distinct shell commands doing the same trivial thing (identical commands would be de-duplicated). */
export function trivialCommands(count: number, command = 'true'): string[] {
  return Array.from({ length: count }, (_, index) => `${command} # ${index + 1}`);
}
