import { readFileSync } from 'node:fs';
import type { SourceLevel } from '../../settings/configured-hook.js';
import { checkTrust, realPathOf } from '../../settings/trust-check.js';
import { emptyTrustStore, readTrustStore, trustStorePath } from '../../settings/trust-store.js';
import { recordTrust } from '../trust/record-trust.js';
import { reviewBytes } from '../trust/review-file.js';

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
export function isTrustedNow(path: string): boolean {
  const storeFile = trustStorePath();
  return checkTrust(readTrustStore(storeFile), storeFile, path, readFileSync(path)).trusted;
}

/**
 * Records the bytes init wrote to `sources` as trusted, so that its own edit never needs a second review.
 * Each goes under the key the store already has for it (the path as given, else its real path), replacing
 * the entry of the bytes it had. Throws when the store cannot be updated.
 */
export async function trustWrittenSources(sources: readonly WrittenSource[]): Promise<void> {
  if (sources.length === 0) return;
  const storeFile = trustStorePath();
  const store = readTrustStore(storeFile).store ?? emptyTrustStore();
  const reviews = sources.map(({ path, level, text }) => {
    const key = store.files[path] !== undefined ? path : realPathOf(path);
    return reviewBytes(key, level, Buffer.from(text), store);
  });
  await recordTrust(storeFile, reviews);
}
