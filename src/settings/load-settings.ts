import { mkdirSync } from 'node:fs';
import type { ConfiguredHook, Diagnostic, LoadedFile, LoadedSettings } from './configured-hook.js';
import type { EnablingSettings } from './enabled-plugins.js';
import { pluginMcpFiles } from './mcp/mcp-server-table.js';
import { applyPolicy, type LeveledPolicy, mergePolicy } from './merge-policy.js';
import type { PluginOrigin } from './plugin-origin.js';
import type { PolicyValues } from './read-claude-settings.js';
import { PLUGIN_MANIFEST } from './read-plugin-directory.js';
import { readSettingsText } from './read-settings-source.js';
import type { SettingsLocations } from './settings-locations.js';
import { type PlannedSource, planSources, readSourceText } from './settings-sources.js';
import { checkTrust, type TrustVerdict, type UntrustedSource, untrustedSource } from './trust-check.js';
import { sourceNeedsTrust, trustStoreInsideProject } from './trust-rule.js';
import { readTrustStore, type TrustEntry, type TrustStoreReading } from './trust-store.js';
import { entryForProject, goneFromPlugins, goneReason, hooksOfEntry, pluginEntries } from './trusted-set.js';

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
  const storeFile = options.trustStore;
  const readStore = (file: string) => {
    store ??= trustStoreInsideProject(file, options.projectDir, options.homeDir) ?? readTrustStore(file);
    return store;
  };
  /** Files read from disk, and the plugin directories whose sources needed trust: for the gone-file check. */
  const readFiles = new Set<string>();
  const trustedPluginRoots = new Set<string>();
  const load = (source: PlannedSource): EnablingSettings => {
    const read = readSourceText(source);
    options.onSource?.(source, read);
    const needsTrust = storeFile !== undefined && sourceNeedsTrust(source, options.projectDir);
    if (read === undefined && needsTrust) {
      // A trusted file of the project that is gone: its hooks fail closed until the user reviews.
      const entry = entryForProject(readStore(storeFile), source.file, options.projectDir);
      if (entry !== undefined) pushGone(source, entry, 'deleted');
    }
    if (read !== undefined && 'diagnostic' in read && needsTrust && source.problem === undefined) {
      // A named file that is gone, trusted before: its hooks block as well as its error.
      const entry = entryForProject(readStore(storeFile), source.file, options.projectDir);
      if (entry !== undefined) pushGone(source, entry, 'deleted');
    }
    if (read === undefined || 'diagnostic' in read) {
      if (read !== undefined) diagnostics.push(read.diagnostic);
      return { file: source.file, level: source.level, text: undefined };
    }
    if (source.object === undefined) readFiles.add(source.file);
    let verdict = TRUSTED;
    if (source.enabledByUntrusted !== undefined) {
      // Only an untrusted file turns this plugin on: its hooks fail closed as that file's own do.
      verdict = { trusted: false, reason: { kind: 'enabled-by-untrusted', ...source.enabledByUntrusted } };
    } else if (needsTrust) {
      const reading = readStore(storeFile);
      // A plugin's files live with the plugin; every other source that needs trust is the project's own.
      const project = { projectDir: options.projectDir, withinProject: source.level !== 'plugin' };
      // A source that needs trust with no bytes to hash cannot have been trusted: it never runs unchecked.
      verdict =
        read.bytes === undefined
          ? UNHASHED
          : checkTrust(reading, storeFile, source.file, read.bytes, project);
      if (source.plugin !== undefined) trustedPluginRoots.add(source.plugin.root);
      // The manifest decides which of the plugin's files load: the plugin is trusted only with it.
      const manifest = source.manifest;
      if (manifest !== undefined) {
        readFiles.add(manifest.file);
        const ofManifest = checkTrust(reading, storeFile, manifest.file, manifest.bytes, project);
        if (verdict.trusted && !ofManifest.trusted) {
          const reason = { kind: 'manifest' as const, file: manifest.file, reason: ofManifest.reason };
          verdict = { trusted: false, reason };
        }
      }
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
      // The hooks it held when trusted count too: emptied to `{}`, it still blocks what its guards guarded.
      const entry = store === undefined ? undefined : entryForProject(store, source.file, options.projectDir);
      // (Only for events it holds no hook for now: an edited guard is told once, by its current line.)
      const now = new Set(reading.hooks.map((hook) => hook.event));
      const before = (entry === undefined ? [] : hooksOfEntry(entry, origin, nextDefinitionId).hooks).filter(
        (hook) => !now.has(hook.event),
      );
      const hooksThen = [...reading.hooks, ...before];
      const skipped = untrustedSource(source, verdict.reason, options.projectDir, hooksThen, errors);
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
  /** A trusted file of the set that is gone: untrusted, with the hooks the store recorded for it. */
  const pushGone = (source: PlannedSource, entry: TrustEntry, why: string) => {
    const origin = { file: source.file, level: source.level, plugin: source.plugin };
    const gone = hooksOfEntry(entry, origin, nextDefinitionId);
    const skipped = untrustedSource(
      source,
      goneReason(entry, why),
      options.projectDir,
      gone.hooks,
      gone.problems,
    );
    untrusted.push(skipped);
    diagnostics.push(untrustedDiagnostic(skipped));
  };
  // The settings files first: the plugins they enable follow only the trusted ones (docs/trust.md).
  const plan = planSources(options, options);
  const enabling = plan.settings.map(load);
  const later = plan.after(enabling);
  for (const source of later) load(source);
  if (storeFile !== undefined && trustedPluginRoots.size > 0) {
    const roots = [...trustedPluginRoots];
    const mcpFiles = new Set(roots.flatMap(pluginMcpFiles));
    for (const { file, entry, root } of goneFromPlugins(
      readStore(storeFile),
      roots,
      readFiles,
      mcpFiles,
      options.projectDir,
    )) {
      const plugin = later.find((source) => source.plugin?.root === root);
      const source = { ...(plugin ?? { level: 'plugin' as const, explicit: true }), file, object: undefined };
      // A manifest names the plugin's hooks: gone, it blocks what any of the plugin's trusted files guarded.
      const hooksOfPlugin = file.endsWith(PLUGIN_MANIFEST)
        ? pluginEntries(readStore(storeFile), root, options.projectDir).flatMap((other) => other.hooks)
        : entry.hooks;
      pushGone(
        source,
        { ...entry, hooks: hooksOfPlugin },
        "no longer named by its plugin's manifest, or deleted",
      );
    }
  }
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
