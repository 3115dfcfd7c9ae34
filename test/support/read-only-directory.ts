import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A directory nothing can be created in, and how to make it writable again for cleanup. */
export interface ReadOnlyDirectory {
  readonly path: string;
  restore(): void;
}

/**
 * Makes `path` a directory that refuses new files, checked with a probe write. `chmod 0555` is enough for
 * an ordinary user; root ignores modes (CI containers often run as root), so then the directory is made
 * immutable with `chattr +i`. Throws when neither works, rather than letting a test pass without its premise.
 */
export function readOnlyDirectory(path: string): ReadOnlyDirectory {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o555);
  let immutable = false;
  if (writable(path)) {
    execFileSync('chattr', ['+i', path]);
    immutable = true;
  }
  if (writable(path)) throw new Error(`${path}: could not make the directory read-only`);
  return {
    path,
    restore() {
      if (immutable) execFileSync('chattr', ['-i', path]);
      chmodSync(path, 0o755);
    },
  };
}

function writable(directory: string): boolean {
  const probe = join(directory, '.probe');
  try {
    writeFileSync(probe, '');
    rmSync(probe);
    return true;
  } catch {
    return false;
  }
}
