import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import type { SourceLevel } from '../../../settings/configured-hook.js';
import { recordTrust } from '../../../settings/record-trust.js';
import { reviewBytes } from '../../../settings/review-file.js';
import { checkTrust, realPathOf } from '../../../settings/trust-check.js';
import { emptyTrustStore, readTrustStore, trustStorePath } from '../../../settings/trust-store.js';

/** A hooks source `hookwire init` wrote: its path, the level `hookwire trust` reviews it at, its new text. */
export interface WrittenSource {
  readonly path: string;
  readonly level: SourceLevel;
  readonly text: string;
}

/**
 * Whether the file at `path` is trusted as it is now (a store that cannot be read trusts nothing): read
 * before init rewrites it, since only a file the user had trusted may be trusted again with init's bytes.
 */
export function isTrustedNow(path: string, projectDir: string): boolean {
  const storeFile = trustStorePath();
  const project = { projectDir, withinProject: true };
  return checkTrust(readTrustStore(storeFile), storeFile, path, readFileSync(path), project).trusted;
}

/**
 * Records the bytes init wrote to `sources` as trusted, so that its own edit never needs a second review.
 * Each goes under the key the store already has for it (the path as given, else its real path), replacing
 * the entry of the bytes it had. Throws when the store cannot be updated.
 */
export async function trustWrittenSources(
  sources: readonly WrittenSource[],
  projectDir: string,
  removed: readonly string[] = [],
): Promise<void> {
  if (sources.length === 0 && removed.length === 0) return;
  const storeFile = trustStorePath();
  const store = readTrustStore(storeFile).store ?? emptyTrustStore();
  const reviews = sources.map(({ path, level, text }) => {
    const key = store.files[path] !== undefined ? path : realPathOf(path);
    return reviewBytes(key, level, Buffer.from(text), store, projectDir);
  });
  // The files init removed leave the project's trusted set with init's own act, not as a change to review.
  await recordTrust(storeFile, reviews, { forget: removed, project: realPathOf(projectDir) });
}

/**
 * The user ran init, so the hooks file it writes is trusted (`hookwire run` requires trust, docs/trust.md),
 * unless init added to a hooks file whose earlier content was not trusted (a `git pull` changed it, say):
 * then the user reviews it with `hookwire trust`. So are the settings files it rewrites (and `--undo`
 * restores) whose content before was trusted: init's own edit never needs a second review, and never
 * trusts what was not. Failing to record trust is told, and not init's failure.
 */
export async function keepTrust(
  sources: readonly WrittenSource[],
  projectDir: string,
  removed: readonly string[] = [],
): Promise<void> {
  try {
    await trustWrittenSources(sources, projectDir, removed);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const files = sources.map((source) => source.path).join(', ');
    process.stderr.write(
      `hookwire init: could not trust ${files}: ${message}; run \`${reviewCommand(projectDir)}\`\n`,
    );
  }
}

/** The command that reviews the project's hooks sources. */
export function reviewCommand(projectDir: string): string {
  return `hookwire trust --project ${quoteShellWord(projectDir)}`;
}

/** The level `hookwire trust` reviews a Claude Code settings file at. */
export function levelOf(file: string): SourceLevel {
  return basename(file) === 'settings.local.json' ? 'local' : 'project';
}
