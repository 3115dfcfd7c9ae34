import { readFileSync } from 'node:fs';
import { isRecord } from '../common/is-record.js';
import { HookwireError } from '../errors/hookwire-error.js';
import { blockedUrlDiagnostics } from './blocked-url-diagnostics.js';
import type { Diagnostic, SourceLevel } from './configured-hook.js';
import type { PolicyValues } from './read-claude-settings.js';
import { readSettingsText } from './read-settings-source.js';
import { realPathOf, sha256Hex, trustedForProject } from './trust-check.js';
import { trustedHookOf } from './trust-diff.js';
import type { TrustEntry, TrustedHook, TrustStore } from './trust-store.js';

/** Where a file stands against the store. */
export type ReviewStatus = 'trusted' | 'new' | 'changed' | 'moved' | 'other-project';

/** One file read for review: the exact bytes shown, their hash, their hooks, and the store's verdict. */
export interface FileReview {
  readonly file: string;
  readonly level: SourceLevel;
  readonly sha256: string;
  readonly realpath: string;
  readonly hooks: readonly TrustedHook[];
  /** The keys besides its hooks that change what runs (`reviewedSettings`); empty when it has none. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Errors that keep some of its hooks from loading (they never run, trusted or not). */
  readonly problems: readonly Diagnostic[];
  /**
   * What `hookwire validate` says of its http hooks' URLs (`blockedUrlDiagnostics`): a guard the network
   * guard refuses blocks every event it guards, trusted or not, so the review shows it before trusting.
   */
  readonly urlWarnings: readonly Diagnostic[];
  readonly status: ReviewStatus;
  /** The project (real path) it is reviewed for; undefined: none named (an entry valid where the file lies). */
  readonly project: string | undefined;
  /** The entry it was trusted with, when there is one. */
  readonly previous: TrustEntry | undefined;
}

/**
 * Reads `file` once and reviews those bytes: the hash that `trust` records is the hash of exactly what it
 * showed, so a file changed after the review is not trusted by it.
 */
export function reviewFile(
  file: string,
  level: SourceLevel,
  store: TrustStore,
  projectDir?: string,
): FileReview {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new HookwireError('settings', `cannot read ${file} (${code}); nothing was trusted`, {
      cause: error,
    });
  }
  return reviewBytes(file, level, bytes, store, projectDir);
}

/**
 * Reviews `bytes` as the content of `file` (what `hookwire init` just wrote, for one), for the project
 * `projectDir` (trust binds the bytes and the project, docs/trust.md).
 */
export function reviewBytes(
  file: string,
  level: SourceLevel,
  bytes: Buffer,
  store: TrustStore,
  projectDir?: string,
): FileReview {
  let definitions = 0;
  const reading = readSettingsText(bytes.toString('utf8'), { file, level }, () => `d${++definitions}`, {
    deepAgentsSeverity: 'error',
  });
  const sha256 = sha256Hex(bytes);
  const realpath = realPathOf(file);
  const previous = store.files[file] ?? store.files[realpath];
  const project = projectDir === undefined ? undefined : realPathOf(projectDir);
  const status: ReviewStatus =
    previous === undefined
      ? 'new'
      : previous.sha256 !== sha256
        ? 'changed'
        : previous.realpath !== realpath
          ? 'moved'
          : project !== undefined && !trustedForProject(previous, realpath, project)
            ? 'other-project'
            : 'trusted';
  return {
    file,
    level,
    sha256,
    realpath,
    hooks: reading.hooks.map(trustedHookOf),
    settings: reviewedSettings(level, reading.policy, bytes),
    problems: reading.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
    urlWarnings: blockedUrlDiagnostics([
      { level, explicit: true, hooks: reading.hooks, policy: reading.policy },
    ]),
    status,
    project,
    previous,
  };
}

/** The store entry that trusts the reviewed bytes. */
export function trustEntryOf(review: FileReview, now: Date = new Date()): TrustEntry {
  const previous = review.previous;
  // The same bytes at the same place stay trusted for the projects they were; other bytes for this one only.
  const same = previous?.sha256 === review.sha256 && previous.realpath === review.realpath;
  const earlier = same ? (previous?.projects ?? []) : [];
  const projects =
    review.project === undefined
      ? same
        ? previous?.projects
        : undefined
      : [...new Set([...earlier, review.project])];
  return {
    sha256: review.sha256,
    realpath: review.realpath,
    trustedAt: now.toISOString(),
    ...(projects === undefined ? {} : { projects }),
    hooks: review.hooks,
    ...(Object.keys(review.settings).length > 0 ? { settings: review.settings } : {}),
  };
}

/** Claude Code's own settings files: it applies their `env` to every process it starts. */
const CLAUDE_CODE_LEVELS: readonly SourceLevel[] = ['project', 'local'];

/**
 * A file's keys besides its hooks that change what runs, as loading reads them: the policy keys that
 * disable hooks or open http hooks to more URLs and to environment variables (a plugin's are ignored, so
 * not shown; `allowManagedHooksOnly` counts from managed settings only, which need no trust), and for
 * Claude Code's own files their `env`, which Claude Code sets for `hookwire run` and so for every hook.
 */
export function reviewedSettings(
  level: SourceLevel,
  policy: PolicyValues,
  bytes: Buffer,
): Readonly<Record<string, unknown>> {
  const settings: Record<string, unknown> = {};
  if (level !== 'plugin') {
    for (const key of ['disableAllHooks', 'allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const) {
      if (policy[key] !== undefined) settings[key] = policy[key];
    }
  }
  if (CLAUDE_CODE_LEVELS.includes(level)) {
    const env = claudeCodeEnv(bytes);
    if (env !== undefined) settings.env = env;
  }
  // The MCP servers of a .mcp.json or a plugin's: mcp_tool hooks start their commands.
  const mcpServers = topLevel(bytes, 'mcpServers');
  if (mcpServers !== undefined) settings.mcpServers = mcpServers;
  return settings;
}

/** The top-level `env` as Claude Code reads it (JSON.parse: of duplicate keys the last wins). */
function claudeCodeEnv(bytes: Buffer): unknown {
  return topLevel(bytes, 'env');
}

function topLevel(bytes: Buffer, key: string): unknown {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return isRecord(value) ? value[key] : undefined;
  } catch {
    return undefined;
  }
}
