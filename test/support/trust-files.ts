import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { realPathOf, sha256Hex } from '../../src/settings/trust-check.js';
import { readTrustStore, TRUST_STORE_FILE_NAME } from '../../src/settings/trust-store.js';

/**
 * Records `files` as trusted, as they are now, in the trust store of `stateDirectory`: for tests that stand
 * for a user who ran `hookwire trust` (the store format is docs/trust.md's). Not locked: one test process
 * owns its state directory (its concurrent tests write it from one thread, one call at a time).
 */
export function trustFiles(stateDirectory: string, files: readonly string[], project?: string): void {
  mkdirSync(stateDirectory, { recursive: true, mode: 0o700 });
  const storeFile = join(stateDirectory, TRUST_STORE_FILE_NAME);
  const reading = readTrustStore(storeFile);
  if (reading.problem !== undefined) throw new Error(`${storeFile} ${reading.problem}`);
  const entries = { ...reading.store.files };
  for (const file of files.map((path) => resolve(path))) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue; // A missing file is the test's point (hookwire reports it): nothing to trust.
    }
    entries[file] = {
      sha256: sha256Hex(bytes),
      realpath: realPathOf(file),
      trustedAt: new Date().toISOString(),
      // A plugin's files lie outside the project: trust for them names the project (docs/trust.md).
      ...(project === undefined ? {} : { projects: [realPathOf(project)] }),
      hooks: [],
    };
  }
  // Written aside, then renamed over the store: a `hookwire run` a concurrent test started meanwhile reads the
  // old store or the new one, never half of one (which it would refuse as not JSON, failing closed).
  const written = `${storeFile}.${process.pid}.${++writes}.tmp`;
  writeFileSync(written, JSON.stringify({ ...reading.store, files: entries }), { mode: 0o600 });
  renameSync(written, storeFile);
}

let writes = 0;
