import { HookwireError } from '../errors/hookwire-error.js';
import {
  readTrustStore,
  TRUST_STORE_MAX_BYTES,
  type TrustStore,
  type TrustStoreReading,
} from './trust-store.js';
import { type TrustStoreFormat, trustStoreWriteError, updateTrustStoreFile } from './trust-store-file.js';
import { pruneTrustedBytes } from './trusted-bytes.js';

/** hookwire's store as a format of the one store file (`trust-store-file.ts`). */
const HOOKWIRE_TRUST_STORE: TrustStoreFormat<TrustStore> = {
  read: readTrustStore,
  serialize: (store, file) => {
    const text = `${JSON.stringify(store, null, 2)}\n`;
    // `hookwire run` refuses a larger store, which would un-trust every project at once.
    if (Buffer.byteLength(text) > TRUST_STORE_MAX_BYTES) {
      throw new HookwireError(
        'settings',
        `the trust store ${file} would grow past ${TRUST_STORE_MAX_BYTES} bytes; nothing was trusted: revoke projects you no longer use (\`hookwire trust --revoke --project DIR\`)`,
      );
    }
    return text;
  },
  /** How long `trust` waits for another `trust` holding the lock; a lock older than 60 s is a crash's. */
  lock: { kind: 'owner-pid', waitMs: 10_000, staleMs: 60_000 },
  directory: 'private',
  // The trusted bytes kept beside the store that no entry names any more go (trusted-bytes.ts).
  afterWrite: (store, file) =>
    pruneTrustedBytes(file, new Set(Object.values(store.files).map((entry) => entry.sha256))),
};

/**
 * Changes the trust store: under its lock, re-reads the store, applies `change`, and writes the result
 * atomically (`updateTrustStoreFile`), then removes the trusted bytes no entry names any more. A store that
 * cannot be read is refused, not overwritten: it may hold the user's other approvals.
 */
export async function updateTrustStore(
  storeFile: string,
  change: (store: TrustStore) => TrustStore,
): Promise<TrustStore> {
  const update = await updateTrustStoreFile(storeFile, HOOKWIRE_TRUST_STORE, change);
  if (update.refused === undefined) return update.store;
  if (update.refused === 'unreadable') throw unreadableStoreError(storeFile, update.reading);
  if (update.cause !== undefined) throw trustStoreWriteError(update.lock, update.cause);
  throw new HookwireError(
    'settings',
    `another hookwire trust holds ${update.lock}; if none is running, remove that file and try again`,
  );
}

/** The error for a store that cannot be read: it names the file and the way out. */
export function unreadableStoreError(
  storeFile: string,
  reading: Extract<TrustStoreReading, { problem: string }>,
): HookwireError {
  const fix =
    reading.fix === undefined
      ? `Move it aside (\`mv ${storeFile} ${storeFile}.broken\`) and trust your projects again`
      : `To fix it: ${reading.fix}`;
  return new HookwireError(
    'settings',
    `the trust store ${storeFile} ${reading.problem}; until it is fixed no project hooks are trusted. ${fix}`,
  );
}
