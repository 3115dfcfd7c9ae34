import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isRecord } from '../common/is-record.js';
import { blockedUrlDiagnostics, type ValidatedSource } from './blocked-url-diagnostics.js';
import type { ConfiguredHook, Diagnostic, LoadedFile, SourceLevel } from './configured-hook.js';
import type { LeveledPolicy } from './merge-policy.js';
import type { PluginOrigin } from './plugin-origin.js';
import { pluginSources } from './read-plugin-directory.js';
import { readSettingsText } from './read-settings-source.js';
import type { SettingsLocations } from './settings-locations.js';
import { checkClaudeRules, checkDeepAgentsRules } from './settings-rules.js';
import { type PlannedSource, plannedSources, readSourceText } from './settings-sources.js';

/** What `validate` found: every diagnostic, sorted by file and position, and the files it could read. */
export interface ValidationReport {
  readonly diagnostics: readonly Diagnostic[];
  readonly files: readonly LoadedFile[];
}

/**
 * Validates one settings text: what loading reports (with Deep Agents problems as errors, since such
 * entries never run), then the zod schemas and the warning rules. `level` only changes level-specific
 * rules (a Deep Agents source must hold a `hooks` list; `allowManagedHooksOnly` outside managed settings).
 */
export function validateSettingsText(
  text: string,
  origin: { file: string; level: SourceLevel; hasPositions?: boolean; plugin?: PluginOrigin | undefined },
): {
  diagnostics: Diagnostic[];
  format: LoadedFile['format'] | undefined;
  hooks: readonly ConfiguredHook[];
  policy: LeveledPolicy['values'];
} {
  let definitions = 0;
  const reading = readSettingsText(text, origin, () => `d${++definitions}`, { deepAgentsSeverity: 'error' });
  const root = reading.source.document.root;
  const diagnostics = [...reading.diagnostics];
  if (root && reading.format === 'claude' && root.type === 'object') {
    diagnostics.push(...checkClaudeRules(reading.source, root, reading.hooks, reading.diagnostics));
  }
  if (root && reading.format === 'deepagents')
    diagnostics.push(...checkDeepAgentsRules(reading.source, root));
  return {
    diagnostics: sortByPosition(diagnostics),
    format: reading.format,
    hooks: reading.hooks,
    policy: reading.policy,
  };
}

/** Validates planned sources in order (a missing explicit file is an error, a missing default is skipped). */
export function validateSources(sources: readonly PlannedSource[]): ValidationReport {
  const diagnostics: Diagnostic[] = [];
  const files: LoadedFile[] = [];
  const validated: ValidatedSource[] = [];
  for (const source of sources) {
    const read = readSourceText(source);
    if (read === undefined) continue;
    if ('diagnostic' in read) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    if (read.warning !== undefined) diagnostics.push(read.warning);
    const result = validateSettingsText(read.text, { ...source, hasPositions: source.object === undefined });
    diagnostics.push(...result.diagnostics);
    if (result.format) files.push({ file: source.file, level: source.level, format: result.format });
    validated.push({
      level: source.level,
      explicit: source.explicit,
      hooks: result.hooks,
      policy: result.policy,
    });
  }
  // A blocked http URL depends on the policy merged across the default sources, so it is checked last.
  diagnostics.push(...blockedUrlDiagnostics(validated));
  return { diagnostics, files };
}

/**
 * Validates the named files (level `explicit`). A directory stands for every `.json` file below it that
 * has a top-level `hooks` key, or that is not valid JSON (so a broken settings file is never skipped).
 */
export function validateFiles(paths: readonly string[], cwd: string = process.cwd()): ValidationReport {
  return validateSources(namedFileSources(paths, cwd));
}

function namedFileSources(paths: readonly string[], cwd: string): PlannedSource[] {
  const files = paths.flatMap((path) => expandPath(resolve(cwd, path)));
  return files.map((file) => ({ file, level: 'explicit', explicit: true }));
}

/**
 * Validates every default source for the locations: managed, user, project, local, the plugins they enable
 * and Deep Agents.
 */
export function validateDefaultSources(locations: SettingsLocations): ValidationReport {
  return validateSources(plannedSources(locations));
}

/** Validates the named files (as `validateFiles`) and plugin directories (their hooks files, as loaded). */
export function validateNamed(
  paths: readonly string[],
  plugins: readonly string[],
  cwd: string,
  homeDir: string,
): ValidationReport {
  return validateSources([
    ...namedFileSources(paths, cwd),
    ...plugins.flatMap((directory) =>
      pluginSources({ root: resolve(cwd, directory), trustAs: 'explicit', homeDir, missing: 'error' }),
    ),
  ]);
}

function expandPath(path: string): string[] {
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    return [path];
  }
  if (!isDirectory) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .sort((left, right) => left.name.localeCompare(right.name))
    .flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return expandPath(child);
      return entry.name.endsWith('.json') && looksLikeSettings(child) ? [child] : [];
    });
}

function looksLikeSettings(file: string): boolean {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(value) && 'hooks' in value;
  } catch {
    return true;
  }
}

function sortByPosition(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort(
      (left, right) =>
        left.diagnostic.line - right.diagnostic.line ||
        left.diagnostic.column - right.diagnostic.column ||
        left.index - right.index,
    )
    .map(({ diagnostic }) => diagnostic);
}
