import { mkdirSync } from 'node:fs';
import type { ConfiguredHook, Diagnostic, LoadedFile, LoadedSettings } from './configured-hook.js';
import type { EnablingSettings } from './enabled-plugins.js';
import { applyPolicy, type LeveledPolicy, mergePolicy } from './merge-policy.js';
import type { PluginOrigin } from './plugin-origin.js';
import type { PolicyValues } from './read-claude-settings.js';
import { readSettingsText } from './read-settings-source.js';
import type { SettingsLocations } from './settings-locations.js';
import { type PlannedSource, planSources, readSourceText } from './settings-sources.js';
import { checkTrust, type TrustVerdict, type UntrustedSource, untrustedSource } from './trust-check.js';
import { sourceNeedsTrust, trustStoreInsideProject } from './trust-rule.js';
import { readTrustStore, type TrustStoreReading } from './trust-store.js';

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
  /** Plugin directories (relative to cwd), level `plugin`, trusted as `explicit` (docs/plugins.md). */
  readonly plugins?: readonly string[];
  /**
   * The trust store to check sources against: sources that need trust (`sourceNeedsTrust`) load only when
   * their exact bytes are trusted there. Undefined: trust is off, every source loads.
   */
  readonly trustStore?: string | undefined;
  /**
   * Told of every source as it is read, with what reading it gave: what `SettingsCache` checks again before
   * it reuses a loading.
   */
  readonly onSource?: ((source: PlannedSource, read: SourceReading) => void) | undefined;
}

/** What reading one source gave (`readSourceText`). */
export type SourceReading = ReturnType<typeof readSourceText>;

const TRUSTED: TrustVerdict = { trusted: true };
const UNHASHED: TrustVerdict = { trusted: false, reason: { kind: 'new' } };

/**
 * Loads every configured hook. Hook order: managed, user, project, local, explicit files then inline
 * objects, Deep Agents; each in file order. Policy keys are merged (see merge-policy) and already applied
 * to `hooks`. Never throws for bad files: problems come back as located diagnostics, and a handler that
 * cannot run is skipped on its own. Identical handlers are all kept: de-duplication is per event, when
 * hooks are selected (see `dedupeKey`). With `trustStore`, a source that needs trust and is not trusted is
 * skipped whole (hooks, policy keys and problems), with one warning, and listed in `untrusted`.
 */
export function loadSettings(options: LoadSettingsOptions): LoadedSettings {
  const hooks: ConfiguredHook[] = [];
  const files: LoadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const policies: LeveledPolicy[] = [];
  const untrusted: UntrustedSource[] = [];
  // Read once, and only when a source needs trust: most runs have no project hooks.
  let store: TrustStoreReading | undefined;
  let definitionCount = 0;
  const nextDefinitionId = () => `d${++definitionCount}`;
  /** Loads one source; returns its text and trust for `enabledPlugins` (undefined text: it cannot be read). */
  const load = (source: PlannedSource): EnablingSettings => {
    const read = readSourceText(source);
    options.onSource?.(source, read);
    if (read === undefined || 'diagnostic' in read) {
      if (read !== undefined) diagnostics.push(read.diagnostic);
      return { file: source.file, level: source.level, text: undefined };
    }
    const storeFile = options.trustStore;
    let verdict = TRUSTED;
    if (source.enabledByUntrusted !== undefined) {
      // Only an untrusted file turns this plugin on: its hooks fail closed as that file's own do.
      verdict = { trusted: false, reason: { kind: 'enabled-by-untrusted', ...source.enabledByUntrusted } };
    } else if (storeFile !== undefined && sourceNeedsTrust(source, options.projectDir)) {
      store ??=
        trustStoreInsideProject(storeFile, options.projectDir, options.homeDir) ?? readTrustStore(storeFile);
      // A source that needs trust with no bytes to hash cannot have been trusted: it never runs unchecked.
      // A plugin's files live with the plugin; every other source that needs trust is the project's own.
      const project = { projectDir: options.projectDir, withinProject: source.level !== 'plugin' };
      verdict =
        read.bytes === undefined ? UNHASHED : checkTrust(store, storeFile, source.file, read.bytes, project);
    }
    const enabling = {
      file: source.file,
      level: source.level,
      text: read.text,
      untrusted: verdict.trusted ? undefined : verdict.reason,
    };
    if (read.warning !== undefined) diagnostics.push(read.warning);
    const origin = {
      file: source.file,
      level: source.level,
      hasPositions: source.object === undefined,
      plugin: source.plugin,
    };
    // The Deep Agents source follows its host's rule, a bad entry is a warning; a Deep Agents-shaped file
    // anywhere else is held to hookwire's, so that what `validate` rejects fails closed (docs/settings.md).
    const deepAgentsSeverity = source.level === 'deepagents' ? 'warning' : 'error';
    const reading = readSettingsText(read.text, origin, nextDefinitionId, { deepAgentsSeverity });
    if (!verdict.trusted) {
      const errors = reading.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      const skipped = untrustedSource(source, verdict.reason, options.projectDir, reading.hooks, errors);
      untrusted.push(skipped);
      diagnostics.push(untrustedDiagnostic(skipped));
      return enabling;
    }
    diagnostics.push(...reading.diagnostics);
    if (reading.format === undefined) return enabling;
    files.push({ file: source.file, level: source.level, format: reading.format });
    hooks.push(...reading.hooks);
    if (source.plugin === undefined) policies.push({ level: source.level, values: reading.policy });
    else
      diagnostics.push(
        ...pluginPolicyWarnings(source.file, reading.policy),
        ...preparePluginData(source.plugin),
      );
    return enabling;
  };
  // The settings files first: the plugins they enable follow only the trusted ones (docs/trust.md).
  const plan = planSources(options, options);
  const enabling = plan.settings.map(load);
  for (const source of plan.after(enabling)) load(source);
  if (options.files !== undefined && options.files.length > 0)
    policies.unshift(...userAndManagedUrlPolicies(options));
  const { disabledBy, ...policy } = mergePolicy(policies);
  return { hooks: applyPolicy(hooks, { ...policy, disabledBy }), policy, files, diagnostics, untrusted };
}

/**
 * With settings files named (`hookwire run --settings FILE`, the form `hookwire init claude` writes), the
 * user's and managed settings still decide which URLs http hooks may reach, as they do for Claude Code's own
 * hooks: their `allowedHttpHookUrls` and `httpHookAllowedEnvVars` (nothing else: their hooks and other keys
 * are Claude Code's to run). A user or managed pattern is what opens a loopback or private address
 * (docs/http.md). What these files say is not reported here: `validate` checks them.
 */
function userAndManagedUrlPolicies(options: LoadSettingsOptions): LeveledPolicy[] {
  return planSources(options)
    .settings.filter((source) => source.level === 'managed' || source.level === 'user')
    .flatMap((source) => {
      const read = readSourceText(source);
      options.onSource?.(source, read);
      if (read === undefined || 'diagnostic' in read) return [];
      const origin = { file: source.file, level: source.level, hasPositions: true, plugin: undefined };
      const { allowedHttpHookUrls, httpHookAllowedEnvVars } = readSettingsText(read.text, origin, () => 'p', {
        deepAgentsSeverity: 'warning',
      }).policy;
      const values: PolicyValues = {
        ...(allowedHttpHookUrls === undefined ? {} : { allowedHttpHookUrls }),
        ...(httpHookAllowedEnvVars === undefined ? {} : { httpHookAllowedEnvVars }),
      };
      return [{ level: source.level, values }];
    });
}

/** The skipped file's one warning, located at the file (the warning itself names no position). */
function untrustedDiagnostic(skipped: UntrustedSource): Diagnostic {
  const message = skipped.warning.replace(` in ${skipped.file}`, '');
  return { severity: 'warning', file: skipped.file, line: 1, column: 1, jsonPath: '$', message };
}

/** A plugin's hooks file carries hooks only: policy keys there are ignored, and said so. */
function pluginPolicyWarnings(file: string, policy: PolicyValues): Diagnostic[] {
  return Object.keys(policy).map((key) => ({
    severity: 'warning',
    file,
    line: 1,
    column: 1,
    jsonPath: key,
    message: `${key} in a plugin's hooks file is ignored: a plugin cannot change the policy of hooks`,
  }));
}

/** The plugin's data directory exists before its hooks run, as Claude Code makes it; failing is a warning. */
function preparePluginData(plugin: PluginOrigin): Diagnostic[] {
  try {
    mkdirSync(plugin.dataDir, { recursive: true, mode: 0o700 });
    return [];
  } catch (error) {
    const message = `cannot create the plugin's data directory (CLAUDE_PLUGIN_DATA): ${String(error)}`;
    return [{ severity: 'warning', file: plugin.dataDir, line: 1, column: 1, jsonPath: '$', message }];
  }
}
