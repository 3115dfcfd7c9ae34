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

/** The project root, as Claude Code tells hooks (and `hookwire run` learns it when a hook's cwd is deeper). */
export const PROJECT_DIR_VARIABLE = 'CLAUDE_PROJECT_DIR';
/** Replaces the home directory wherever hookwire looks for user settings and Deep Agents hooks (tests use it). */
const HOME_VARIABLE = 'HOOKWIRE_HOME';
/** Replaces the managed settings path. */
const MANAGED_SETTINGS_VARIABLE = 'HOOKWIRE_MANAGED_SETTINGS';

/** Claude Code's folder in the home directory and in a project. */
export const CLAUDE_DIRECTORY = '.claude';
/** The shared settings file in a Claude Code folder (user and project level). */
export const SETTINGS_FILE = 'settings.json';
/** The project's own, uncommitted settings file in a Claude Code folder. */
export const LOCAL_SETTINGS_FILE = 'settings.local.json';

/**
 * The home directory hookwire uses: `HOOKWIRE_HOME` when set, else the user's, as os.homedir() finds it
 * (`HOME`, `USERPROFILE` on Windows, else the password database) but in `env`: a daemon answers events of
 * many environments, and its own process.env is none of them.
 */
export function homeDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env[HOME_VARIABLE] || env[process.platform === 'win32' ? 'USERPROFILE' : 'HOME'] || homedir();
}

/** Where Deep Agents keeps its hooks: `<home>/.deepagents/hooks.json`. */
export function deepAgentsHooksPath(homeDir: string): string {
  return join(homeDir, '.deepagents', 'hooks.json');
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
  const homeDir = homeDirectory(env);
  return {
    cwd,
    projectDir: env[PROJECT_DIR_VARIABLE] || cwd,
    homeDir,
    managedSettingsPath: env[MANAGED_SETTINGS_VARIABLE] || managedSettingsPathFor(platform),
    deepAgentsPath: deepAgentsHooksPath(homeDir),
  };
}
