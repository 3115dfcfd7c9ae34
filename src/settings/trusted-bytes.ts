import { closeSync, mkdirSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { lstatOwnDirectory, openOwnFile } from '../common/open-own-file.js';
import { sha256Hex } from '../common/sha256.js';

/*
 * The bytes of the trusted files, kept beside the trust store: `<state directory>/trusted-bytes/<sha256>`
 * holds exactly the bytes whose SHA-256 is its name. A load that finds there the very bytes it read knows
 * their SHA-256 without computing it: `hookwire run` then does not load node:crypto, which (with the stream
 * modules it loads) is the largest single cost of checking a trusted file in a fresh process (about 5 ms;
 * docs/performance.md). Any other bytes, a missing or doubtful copy, are hashed as before: the decision is
 * the same comparison of the bytes read with the bytes trusted, by equality instead of by digest
 * (docs/trust.md, "The trusted bytes kept beside the store").
 *
 * A copy is believed only as the store itself is (trust-store.ts): its directory a real directory and the
 * copy a regular file, both of this user and writable by no one else, opened without following a link.
 * Copies are written by a load whose bytes matched a store entry's digest (hashed then), and pruned when
 * `hookwire trust` rewrites the store.
 */

/** The directory of the copies, beside the store. */
export const TRUSTED_BYTES_DIRECTORY = 'trusted-bytes';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Whether `bytes` have the SHA-256 `sha256` (hex): found equal to the trusted copy of that digest kept beside
 * `storeFile`, else hashed; bytes that hash to it are kept for the next load (best effort).
 */
export function bytesHaveDigest(storeFile: string, bytes: Uint8Array, sha256: string): boolean {
  if (!SHA256_HEX.test(sha256)) return sha256Hex(bytes) === sha256;
  const directory = join(dirname(storeFile), TRUSTED_BYTES_DIRECTORY);
  const copy = join(directory, sha256);
  if (equalsKeptCopy(directory, copy, bytes)) return true;
  if (sha256Hex(bytes) !== sha256) return false;
  keepCopy(directory, copy, bytes);
  return true;
}

/**
 * Whether the copy exists, can be believed (as the store is: openOwnFile and lstatOwnDirectory), and holds
 * exactly `bytes`. Any refusal only means the bytes are hashed, so its reason is not kept.
 */
function equalsKeptCopy(directory: string, copy: string, bytes: Uint8Array): boolean {
  if (lstatOwnDirectory(directory).refusal !== undefined) return false;
  const opened = openOwnFile(copy);
  if (opened.refusal !== undefined) return false;
  const { descriptor, status } = opened;
  try {
    if (status.size !== bytes.length) return false;
    // One byte more than expected: a copy that grew since fstat does not compare equal.
    const kept = Buffer.allocUnsafe(bytes.length + 1);
    let length = 0;
    for (;;) {
      const count = readSync(descriptor, kept, length, kept.length - length, null);
      if (count === 0) break;
      length += count;
      if (length === kept.length) break;
    }
    return length === bytes.length && kept.subarray(0, length).equals(bytes);
  } catch {
    return false;
  } finally {
    closeSync(descriptor);
  }
}

/** Written whole under a temporary name, then renamed: a concurrent load never reads half a copy. */
function keepCopy(directory: string, copy: string, bytes: Uint8Array): void {
  const temporary = `${copy}.${process.pid}.tmp`;
  try {
    mkdirSync(directory, { mode: 0o700, recursive: true });
    if (lstatOwnDirectory(directory).refusal !== undefined) return;
    writeFileSync(temporary, bytes, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, copy);
  } catch {
    // A copy that cannot be kept only means the next load hashes again.
    rmSync(temporary, { force: true });
  }
}

/**
 * Removes the copies whose digest no entry of the store names any more (`hookwire trust` calls it after
 * writing the store): the directory holds at most one copy per trusted version. Best effort.
 */
export function pruneTrustedBytes(storeFile: string, digests: ReadonlySet<string>): void {
  const directory = join(dirname(storeFile), TRUSTED_BYTES_DIRECTORY);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (digests.has(name)) continue;
    try {
      rmSync(join(directory, name), { force: true });
    } catch {
      // Left for the next prune.
    }
  }
}
