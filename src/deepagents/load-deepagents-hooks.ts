import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../engine/engine.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { loadSettings } from '../settings/load-settings.js';
import { settingsLocations } from '../settings/settings-locations.js';

/**
 * The hooks of one Deep Agents `hooks.json`, through the shared settings loader. As upstream, a missing file
 * means no hooks (nothing logged above debug), and every problem in the file is a warning: the host carries
 * on with whatever entries are valid. Never throws.
 */
export function loadDeepAgentsHooks(path: string, logger: Logger): readonly ConfiguredHook[] {
  if (!existsSync(path)) {
    logger.debug(`Deep Agents hooks: ${path} does not exist; no hooks`);
    return [];
  }
  const loaded = loadSettings({ ...settingsLocations(dirname(path)), files: [path] });
  for (const diagnostic of loaded.diagnostics) {
    const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.jsonPath}`;
    logger.warn(`Deep Agents hooks: ${where}: ${diagnostic.message}`);
  }
  return loaded.hooks;
}
