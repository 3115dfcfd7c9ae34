import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isRecord } from '../../../common/is-record.js';
import type { Logger } from '../../../common/logger.js';
import type { ConfiguredHook } from '../../../settings/configured-hook.js';
import { diagnosticLocation } from '../../../settings/format-diagnostic.js';
import { loadSettings } from '../../../settings/load-settings.js';
import { settingsLocations } from '../../../settings/settings-locations.js';

/**
 * The hooks of one Deep Agents `hooks.json`, through the shared settings loader. As upstream, a missing file
 * means no hooks, and every problem in the file is a warning: the host carries on with whatever entries are
 * valid. A missing default file is only a debug line (no hooks configured); a missing file the host named
 * (`required`) is a warning, since its hooks will not run. A relative path is resolved against the process's
 * directory, once. Never throws.
 */
export function loadDeepAgentsHooks(
  givenPath: string,
  logger: Logger,
  options: { readonly required?: boolean } = {},
): readonly ConfiguredHook[] {
  const path = resolve(givenPath);
  if (!existsSync(path)) {
    if (options.required) logger.warn(`Deep Agents hooks: ${path} does not exist; no hooks run`);
    else logger.debug(`Deep Agents hooks: ${path} does not exist; no hooks`);
    return [];
  }
  // The shared loader detects the format from the shape, so a root such as {"hooks": {...}} would pass as
  // Claude-style settings; this file is Deep Agents by definition, so its root is checked here first.
  if (!hasHooksList(path)) {
    logger.warn(`Deep Agents hooks: ${path}: the root must be an object with a "hooks" list; no hooks`);
    return [];
  }
  const loaded = loadSettings({ ...settingsLocations(dirname(path)), files: [path] });
  for (const diagnostic of loaded.diagnostics) {
    logger.warn(`Deep Agents hooks: ${diagnosticLocation(diagnostic)}: ${diagnostic.message}`);
  }
  return loaded.hooks;
}

/** False only for valid JSON of the wrong shape: unreadable or malformed files go to the loader's located report. */
function hasHooksList(path: string): boolean {
  let root: unknown;
  try {
    root = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return true;
  }
  return isRecord(root) && Array.isArray(root.hooks);
}
