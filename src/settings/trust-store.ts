import { closeSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRecord } from '../common/is-record.js';
import { lstatOwnDirectory, type OwnPathRefusal, openOwnFile } from '../common/open-own-file.js';
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
/**
 * The most a store may hold: read on every `hookwire run`, a store past this (about 20,000 trusted files of
 * 20 hooks) is refused rather than left to hold up the host, and `hookwire trust` never writes one.
 */
export const TRUST_STORE_MAX_BYTES = 8 * 1024 * 1024;

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
  /** Present (true) when it runs in the background (its own or its definition's `async`): it cannot block. */
  readonly background?: true;
  /** Present (true) when its definition is `sequential`. */
  readonly sequential?: true;
}

/** What the store records for one trusted file, keyed by its absolute path. */
export interface TrustEntry {
  /** SHA-256 (hex) of the exact bytes that were shown and trusted. */
  readonly sha256: string;
  /** The file's real path then: a symlink that now points elsewhere is no longer trusted. */
  readonly realpath: string;
  /** ISO 8601. */
  readonly trustedAt: string;
  /**
   * The projects (real paths) it was trusted for: its hooks run with their relative paths and working
   * directory, so trust given in one project is not another's. Absent in entries of an earlier hookwire:
   * those count for the project the file lies in only.
   */
  readonly projects?: readonly string[];
  readonly hooks: readonly TrustedHook[];
  /**
   * The file's keys besides its hooks that change what runs (`disableAllHooks`, `allowedHttpHookUrls`,
   * `httpHookAllowedEnvVars`, and `env` in Claude Code's own files), as shown; absent when it has none.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** The whole store. */
export interface TrustStore {
  readonly version: typeof TRUST_STORE_VERSION;
  readonly files: Readonly<Record<string, TrustEntry>>;
}

/**
 * The store, or why it cannot be used (then nothing is trusted: fail closed), with how to fix it when that
 * is not "move it aside" (a directory others can write, say).
 */
export type TrustStoreReading =
  | { readonly store: TrustStore; readonly problem?: undefined }
  | { readonly store?: undefined; readonly problem: string; readonly fix?: string };

/** The trust store's path: `<state directory>/trust.json` (docs/trust.md). */
export function trustStorePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(stateDirectory(env), TRUST_STORE_FILE_NAME);
}

/** An empty store: what a missing file means. */
export function emptyTrustStore(): TrustStore {
  return { version: TRUST_STORE_VERSION, files: {} };
}

/**
 * Reads the store; a missing file is an empty store, anything unreadable or malformed a problem. Checked on
 * every read, because what the store says decides which hooks run: its directory must be a real directory
 * (not a symlink) of this user that no one else can write, and the store a regular file of this user that no
 * one else can write (checked with lstat, then on the opened file: no symlink is followed, a FIFO or device
 * is never read), of at most TRUST_STORE_MAX_BYTES.
 */
export function readTrustStore(file: string): TrustStoreReading {
  const directory = lstatOwnDirectory(dirname(file));
  // No store yet (ENOTDIR: a path component is a file, so neither is there one): nothing is trusted.
  if (directory.refusal?.problem.kind === 'missing') return { store: emptyTrustStore() };
  if (directory.refusal !== undefined) return unbelievable(directory.refusal, 'directory');
  const opened = openOwnFile(file);
  if (opened.refusal?.problem.kind === 'missing') return { store: emptyTrustStore() };
  if (opened.refusal !== undefined) return unbelievable(opened.refusal, 'file');
  const { descriptor, status } = opened;
  try {
    if (status.size > TRUST_STORE_MAX_BYTES) return tooLarge(status.size);
    // One byte more than the limit: a file that grew since fstat is caught too.
    const bytes = Buffer.allocUnsafe(Math.min(status.size, TRUST_STORE_MAX_BYTES) + 1);
    let length = 0;
    for (;;) {
      const count = readSync(descriptor, bytes, length, bytes.length - length, null);
      if (count === 0) break;
      length += count;
      if (length === bytes.length) break;
    }
    if (length > TRUST_STORE_MAX_BYTES) return tooLarge(length);
    return parseTrustStore(bytes.subarray(0, length).toString('utf8'));
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Why a store's directory or file cannot be believed, in the words of docs/trust.md: what it is, who owns
 * it, who else may write it, and how to fix that.
 */
function unbelievable(
  refusal: OwnPathRefusal,
  kind: 'directory' | 'file',
): { problem: string; fix?: string } {
  const { path, problem } = refusal;
  const where = kind === 'directory' ? `is in ${path}, which ` : '';
  switch (problem.kind) {
    case 'missing':
    case 'unreadable':
      return { problem: `cannot be read (${problem.error.code ?? String(problem.error)})` };
    case 'symlink':
      return kind === 'directory'
        ? { problem: `${where}is a symlink`, fix: 'name the real directory instead' }
        : { problem: 'is a symlink', fix: 'replace it with the file itself' };
    case 'not-directory':
      return { problem: `${where}is not a directory`, fix: 'name the real directory instead' };
    case 'not-regular-file':
      return { problem: 'is not a regular file', fix: 'move it aside, then trust again' };
    case 'other-owner':
      return {
        problem: `${where}belongs to another user (uid ${problem.uid})`,
        fix: 'use a state directory of your own (HOOKWIRE_STATE_DIR)',
      };
    case 'writable-by-others':
      return {
        problem: `${where}others can write (mode ${problem.mode.toString(8).padStart(4, '0')})`,
        fix: `\`chmod ${kind === 'directory' ? '700' : '600'} ${path}\`, then check what it holds with \`hookwire trust --list\``,
      };
  }
}

function tooLarge(size: number): { problem: string; fix: string } {
  return {
    problem: `is ${size} bytes, more than the ${TRUST_STORE_MAX_BYTES} a store may hold`,
    fix: 'move it aside, then trust again',
  };
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
