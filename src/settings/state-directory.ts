import { isAbsolute, join, resolve } from 'node:path';
import { homeDirectory } from './settings-locations.js';

/** Replaces hookwire's per-user state directory (tests point it into a temporary directory). */
export const STATE_DIRECTORY_VARIABLE = 'HOOKWIRE_STATE_DIR';

/**
 * hookwire's per-user state directory: `HOOKWIRE_STATE_DIR`, else `$XDG_STATE_HOME/hookwire` (when that is an
 * absolute path, as the XDG spec requires), else `~/.local/state/hookwire`. It holds the background results
 * of `hookwire run` and the trust store.
 */
export function stateDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const given = env[STATE_DIRECTORY_VARIABLE];
  if (given) return resolve(given);
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homeDirectory(env), '.local', 'state');
  return join(base, 'hookwire');
}
