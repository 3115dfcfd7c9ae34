import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../common/is-record.js';
import { stateDirectory } from './state-directory.js';

/*
 * The trust store: one JSON file in hookwire's state directory recording, for every settings file the user
 * trusted, the SHA-256 of its bytes, where it resolved to, and a summary of its hooks (so that `hookwire
 * trust` can show what changed). Read here, synchronously and without zod, on `hookwire run`'s start-up
 * path; written by `hookwire trust` (src/cli/trust/), atomically and under a lock.
 */

/** The store's file name in the state directory. */
export const TRUST_STORE_FILE_NAME = 'trust.json';
/** The format version; a store of another version is refused (fail closed), never guessed at. */
export const TRUST_STORE_VERSION = 1;

/** One hook of a trusted file, as `hookwire trust` showed it: enough to tell what changed later. */
export interface TrustedHook {
  readonly event: string;
  /** undefined: every subject. */
  readonly matcher?: string | undefined;
  readonly type: string;
  /** The command, URL or prompt. */
  readonly label: string;
  /** The handler object as JSON: a change to any of its fields (args, env, timeout) is a change. */
  readonly handler: string;
  readonly line: number;
}

/** What the store records for one trusted file, keyed by its absolute path. */
export interface TrustEntry {
  /** SHA-256 (hex) of the exact bytes that were shown and trusted. */
  readonly sha256: string;
  /** The file's real path then: a symlink that now points elsewhere is no longer trusted. */
  readonly realpath: string;
  /** ISO 8601. */
  readonly trustedAt: string;
  readonly hooks: readonly TrustedHook[];
}

/** The whole store. */
export interface TrustStore {
  readonly version: typeof TRUST_STORE_VERSION;
  readonly files: Readonly<Record<string, TrustEntry>>;
}

/** The store, or why it cannot be used (then nothing is trusted: fail closed). */
export type TrustStoreReading =
  | { readonly store: TrustStore; readonly problem?: undefined }
  | { readonly store?: undefined; readonly problem: string };

/** The trust store's path: `<state directory>/trust.json` (docs/trust.md). */
export function trustStorePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(stateDirectory(env), TRUST_STORE_FILE_NAME);
}

/** An empty store: what a missing file means. */
export function emptyTrustStore(): TrustStore {
  return { version: TRUST_STORE_VERSION, files: {} };
}

/** Reads the store; a missing file is an empty store, anything unreadable or malformed a problem. */
export function readTrustStore(file: string): TrustStoreReading {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No store yet (ENOTDIR: a path component is a file, so neither is there one): nothing is trusted.
    if (code === 'ENOENT' || code === 'ENOTDIR') return { store: emptyTrustStore() };
    return { problem: `cannot be read (${code ?? String(error)})` };
  }
  return parseTrustStore(text);
}

/** Parses a store's text, checking its shape (light checks: this runs on every `hookwire run`). */
export function parseTrustStore(text: string): TrustStoreReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isRecord(value)) return { problem: 'is not a JSON object' };
  if (value.version !== TRUST_STORE_VERSION) {
    return { problem: `has version ${JSON.stringify(value.version)}, expected ${TRUST_STORE_VERSION}` };
  }
  const files = value.files;
  if (!isRecord(files)) return { problem: 'has no "files" object' };
  for (const [path, entry] of Object.entries(files)) {
    if (!isTrustEntry(entry)) return { problem: `has a malformed entry for ${path}` };
  }
  return { store: value as unknown as TrustStore };
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function isTrustEntry(value: unknown): value is TrustEntry {
  return (
    isRecord(value) &&
    typeof value.sha256 === 'string' &&
    SHA256_HEX.test(value.sha256) &&
    typeof value.realpath === 'string' &&
    typeof value.trustedAt === 'string' &&
    Array.isArray(value.hooks)
  );
}
