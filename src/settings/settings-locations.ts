import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the default settings sources live; the options `loadSettings` needs besides explicit files. */
export interface SettingsLocations {
  readonly cwd: string;
  readonly projectDir: string;
  readonly homeDir: string;
  readonly managedSettingsPath: string;
  readonly deepAgentsPath: string;
}

/** Claude Code's managed settings path on this platform. */
function managedSettingsPathFor(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/**
 * The default settings locations for a working directory. `HOOKWIRE_HOME` replaces the home directory and
 * `HOOKWIRE_MANAGED_SETTINGS` the managed settings path, so tests and users can point them elsewhere; the
 * project is `CLAUDE_PROJECT_DIR` when set (a hook's cwd may be a subdirectory), else `cwd`.
 */
export function settingsLocations(
  cwd: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): SettingsLocations {
  const homeDir = env.HOOKWIRE_HOME || homedir();
  return {
    cwd,
    projectDir: env.CLAUDE_PROJECT_DIR || cwd,
    homeDir,
    managedSettingsPath: env.HOOKWIRE_MANAGED_SETTINGS || managedSettingsPathFor(platform),
    deepAgentsPath: join(homeDir, '.deepagents', 'hooks.json'),
  };
}
