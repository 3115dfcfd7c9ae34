import type { ConfiguredHook, Diagnostic, LoadedFile, LoadedSettings } from './configured-hook.js';
import { applyPolicy, type LeveledPolicy, mergePolicy } from './merge-policy.js';
import { readSettingsText } from './read-settings-source.js';
import type { SettingsLocations } from './settings-locations.js';
import { plannedSources, readSourceText } from './settings-sources.js';

/*
 * Loading runs on `hookwire run`'s hot path (an agent spawns it on every event), so it is synchronous and
 * imports no zod: light structural checks build the hooks, and full validation lives in validate-settings.
 */

/** Where to load settings from. With `files` or `objects`, only those are loaded. */
export interface LoadSettingsOptions extends SettingsLocations {
  /** Settings files (relative to cwd), level `explicit`. */
  readonly files?: readonly string[];
  /** Settings objects (Claude-style or Deep Agents shape), level `inline`. */
  readonly objects?: readonly unknown[];
}

/**
 * Loads every configured hook. Hook order: managed, user, project, local, explicit files then inline
 * objects, Deep Agents; each in file order. Policy keys are merged (see merge-policy) and already applied
 * to `hooks`. Never throws for bad files: problems come back as located diagnostics, and a handler that
 * cannot run is skipped on its own. Identical handlers are all kept: de-duplication is per event, when
 * hooks are selected (see `dedupeKey`).
 */
export function loadSettings(options: LoadSettingsOptions): LoadedSettings {
  const hooks: ConfiguredHook[] = [];
  const files: LoadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const policies: LeveledPolicy[] = [];
  let definitionCount = 0;
  const nextDefinitionId = () => `d${++definitionCount}`;
  for (const source of plannedSources(options, options)) {
    const read = readSourceText(source);
    if (read === undefined) continue;
    if ('diagnostic' in read) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    if (read.warning !== undefined) diagnostics.push(read.warning);
    const origin = { file: source.file, level: source.level, hasPositions: source.object === undefined };
    const reading = readSettingsText(read.text, origin, nextDefinitionId, { deepAgentsSeverity: 'warning' });
    diagnostics.push(...reading.diagnostics);
    if (reading.format === undefined) continue;
    files.push({ file: source.file, level: source.level, format: reading.format });
    hooks.push(...reading.hooks);
    policies.push({ level: source.level, values: reading.policy });
  }
  const { disabledBy, ...policy } = mergePolicy(policies);
  return { hooks: applyPolicy(hooks, { ...policy, disabledBy }), policy, files, diagnostics };
}
