import { realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isInsideDirectory } from '../common/is-inside-directory.js';
import { sha256Hex } from '../common/sha256.js';
import { quoteShellWord } from '../common/shell-words.js';
import type { ConfiguredHook, Diagnostic, SourceLevel } from './configured-hook.js';
import { describePlugin, type PluginOrigin } from './plugin-origin.js';
import { CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE, SETTINGS_FILE } from './settings-locations.js';
import type { TrustEntry, TrustStoreReading } from './trust-store.js';
import { bytesHaveDigest } from './trusted-bytes.js';

/** Why a source that needs trust is not trusted. */
export type UntrustedReason =
  | { readonly kind: 'new' }
  | { readonly kind: 'changed'; readonly trustedAt: string }
  | { readonly kind: 'moved'; readonly was: string; readonly now: string }
  /** It resolves outside the project it belongs to: trust given there must not be borrowed through a link. */
  | { readonly kind: 'outside'; readonly now: string; readonly project: string }
  /** Its bytes were trusted for other projects only: its relative paths and cwd were another project's. */
  | { readonly kind: 'other-project'; readonly project: string; readonly trustedFor: readonly string[] }
  /** The plugin's manifest, which decides which of its hooks files load, is not trusted as it is. */
  | { readonly kind: 'manifest'; readonly file: string; readonly reason: UntrustedReason }
  /** Trusted once, and now gone (deleted, or no longer named by what named it): its hooks are missing. */
  | { readonly kind: 'gone'; readonly trustedAt: string; readonly why: string }
  | {
      readonly kind: 'store';
      readonly storeFile: string;
      readonly problem: string;
      /** How to fix it, when that is not moving the store aside. */
      readonly fix?: string | undefined;
    }
  /** A plugin's hooks that only an untrusted settings file turns on: untrusted whatever the store says. */
  | { readonly kind: 'enabled-by-untrusted'; readonly file: string; readonly reason: UntrustedReason };

/** A source whose hooks were skipped because it is not trusted; its hooks are kept for `list` and `fire`. */
export interface UntrustedSource {
  readonly file: string;
  readonly level: SourceLevel;
  readonly reason: UntrustedReason;
  /** The command that reviews and trusts it. */
  readonly trustCommand: string;
  /** The one warning for this file: `skipped untrusted project hooks in FILE (new file): review ...`. */
  readonly warning: string;
  /** Its hooks, which did not load; empty when the file could not be read as settings. */
  readonly hooks: readonly ConfiguredHook[];
  /**
   * The errors of reading it as settings (not reported: the file is not trusted); where they concern an
   * event, hookwire cannot tell which of its hooks would have run for it, and fails closed there too.
   */
  readonly problems: readonly Diagnostic[];
}

/** The verdict on one file's bytes. */
export type TrustVerdict =
  | { readonly trusted: true }
  | { readonly trusted: false; readonly reason: UntrustedReason };

/** SHA-256 (hex) of a file's bytes (node:crypto, loaded on first use: common/sha256.ts). */
export { sha256Hex };

/** The file's real path (symlinks resolved), or the path itself when it cannot be resolved. */
export function realPathOf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

/**
 * The project a trust check binds to: its directory (as the host gave it), and whether the file must lie
 * in it (a project's own files must; a plugin's hooks files live with the plugin, outside every project).
 */
export interface TrustProject {
  readonly projectDir: string;
  readonly withinProject: boolean;
}

/**
 * Whether `bytes`, read from `file`, are what the user trusted for this project: the store has an entry for
 * the file's absolute path (or, failing that, its real path) with the bytes' SHA-256 and the same real path
 * (a symlink swapped to another target is not trusted, even with the same content), given for this project
 * (its real path), and a project's own file resolves inside the project: a hostile repository whose
 * `.hookwire/hooks.json` links to a trusted project's file does not run its own scripts under that trust
 * (docs/trust.md, "Trust binds the bytes and the project"). A store that cannot be read trusts nothing.
 * The bytes are compared with the trusted copy kept beside the store when there is one, else hashed
 * (trusted-bytes.ts).
 * Without `project` (Deep Agents' own trust), the bytes and real path alone decide, as before.
 */
export function checkTrust(
  reading: TrustStoreReading,
  storeFile: string,
  file: string,
  bytes: Uint8Array,
  project?: TrustProject,
): TrustVerdict {
  if (reading.problem !== undefined) {
    const { problem, fix } = reading;
    return { trusted: false, reason: { kind: 'store', storeFile, problem, fix } };
  }
  const now = realPathOf(file);
  const realProject = project === undefined ? undefined : realPathOf(project.projectDir);
  if (project?.withinProject === true && !isInsideDirectory(now, realProject as string)) {
    return { trusted: false, reason: { kind: 'outside', now, project: realProject as string } };
  }
  // By the path as given, else by its real path: the same project reached through a symlinked directory.
  const entry = reading.store.files[file] ?? reading.store.files[now];
  if (entry === undefined) return { trusted: false, reason: { kind: 'new' } };
  if (!bytesHaveDigest(storeFile, bytes, entry.sha256)) {
    return { trusted: false, reason: { kind: 'changed', trustedAt: entry.trustedAt } };
  }
  if (now !== entry.realpath) return { trusted: false, reason: { kind: 'moved', was: entry.realpath, now } };
  if (realProject !== undefined && !trustedForProject(entry, now, realProject)) {
    const trustedFor = entry.projects ?? [];
    return { trusted: false, reason: { kind: 'other-project', project: realProject, trustedFor } };
  }
  return { trusted: true };
}

/**
 * Whether the entry was given for `realProject`: named in its `projects`; an entry written before hookwire
 * recorded projects counts for the project its file lies in, and for no other.
 */
export function trustedForProject(entry: TrustEntry, realFile: string, realProject: string): boolean {
  if (entry.projects !== undefined) return entry.projects.includes(realProject);
  return isInsideDirectory(realFile, realProject);
}

/** The reason in a few words, for the warning's parentheses. */
export function describeUntrustedReason(reason: UntrustedReason): string {
  switch (reason.kind) {
    case 'new':
      return 'new file';
    case 'changed':
      return `changed since you trusted it on ${reason.trustedAt}`;
    case 'moved':
      return `it now resolves to ${reason.now}, not ${reason.was}`;
    case 'outside':
      return `it resolves to ${reason.now}, outside the project ${reason.project}: a project's hooks file must be its own, never a link to another's`;
    case 'other-project':
      return reason.trustedFor.length === 0
        ? `trusted before hookwire bound trust to a project, not for ${reason.project}`
        : `trusted for ${reason.trustedFor.join(', ')}, not for ${reason.project}, where its relative paths and working directory are another project's`;
    case 'manifest':
      return `its plugin's manifest ${reason.file} is not trusted: ${describeUntrustedReason(reason.reason)}`;
    case 'gone':
      return `${reason.why} since you trusted it on ${reason.trustedAt}`;
    case 'store':
      return `the trust store ${reason.storeFile} ${reason.problem}; nothing is trusted until it is fixed: ${reason.fix ?? 'move it aside, then trust again'}`;
    case 'enabled-by-untrusted':
      return `enabled only by ${reason.file}, which is not trusted: ${describeUntrustedReason(reason.reason)}`;
  }
}

/** Project files `hookwire trust --project DIR` reviews by default, relative to the project. */
export const PROJECT_TRUST_FILES: readonly string[] = [
  join(CLAUDE_DIRECTORY, SETTINGS_FILE),
  join(CLAUDE_DIRECTORY, LOCAL_SETTINGS_FILE),
  join('.hookwire', 'hooks.json'),
  // The project's MCP servers: mcp_tool hooks start them, so they are trusted like hooks (docs/trust.md).
  '.mcp.json',
];

/** The command that reviews and trusts `file`: `--project` for the project's usual files, else `--settings`. */
export function trustCommandFor(file: string, projectDir: string): string {
  const project = `hookwire trust --project ${quoteShellWord(projectDir)}`;
  return PROJECT_TRUST_FILES.includes(relative(projectDir, file))
    ? project
    : `${project} --settings ${quoteShellWord(file)}`;
}

/** The untrusted source with its one warning. */
export function untrustedSource(
  source: {
    file: string;
    level: SourceLevel;
    plugin?: PluginOrigin | undefined;
    trustAs?: SourceLevel | undefined;
  },
  reason: UntrustedReason,
  projectDir: string,
  hooks: readonly ConfiguredHook[],
  problems: readonly Diagnostic[] = [],
): UntrustedSource {
  const plugin = source.plugin;
  // `trust --project` finds the plugins the project's settings enable; one named by --plugin is named again.
  const trustCommand =
    plugin === undefined
      ? trustCommandFor(source.file, projectDir)
      : source.trustAs === 'explicit'
        ? `hookwire trust --project ${quoteShellWord(projectDir)} --plugin ${quoteShellWord(plugin.root)}`
        : `hookwire trust --project ${quoteShellWord(projectDir)}`;
  const what = plugin === undefined ? 'project hooks' : `hooks of ${describePlugin(plugin)}`;
  const warning = `skipped untrusted ${what} in ${source.file} (${describeUntrustedReason(reason)}): review and trust them with \`${trustCommand}\``;
  return { file: source.file, level: source.level, reason, trustCommand, warning, hooks, problems };
}
