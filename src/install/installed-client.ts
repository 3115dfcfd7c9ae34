import { closeSync, openSync, readSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** What stands at an installation's `bin/hookwire-client`, and what an event through it costs. */
export interface InstalledClient {
  /** The file's path: `<hookwire package>/bin/hookwire-client`. */
  readonly path: string;
  /** `native`: the platform's binary, events go to the daemon; `node`: the Node CLI (the fallback file). */
  readonly kind: 'native' | 'node' | 'missing';
}

/* The first bytes of an executable: ELF, Mach-O (both byte orders, 32 and 64 bits) and the universal binary. */
const NATIVE_MAGIC = ['7f454c46', 'feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'];

/**
 * The client of the hookwire installation whose Node bin is `cliPath` (a real path, `.../dist/hookwire.cjs`):
 * `bin/hookwire-client` beside `dist/`. The install step puts the native client there when this platform
 * has one (bin/install-client.cjs); otherwise it is the Node CLI under another name.
 */
export function installedClient(cliPath: string): InstalledClient {
  const path = join(dirname(dirname(cliPath)), 'bin', 'hookwire-client');
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch {
    return { path, kind: 'missing' };
  }
  try {
    const head = Buffer.alloc(4);
    const read = readSync(descriptor, head, 0, 4, 0);
    return { path, kind: NATIVE_MAGIC.includes(head.subarray(0, read).toString('hex')) ? 'native' : 'node' };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Whether `hookwire-client`, as a shell finds it on `pathVariable`, is `client` itself: a settings line may
 * then call it by name. (An older installation's bin directory without one, or another installation's
 * first on PATH, would run something else, or nothing: exit 127 lets the tool call through.)
 */
export function clientOnPath(client: InstalledClient, pathVariable: string | undefined): boolean {
  if (client.kind === 'missing') return false;
  const wanted = realPathOr(client.path);
  for (const directory of (pathVariable ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, 'hookwire-client');
    const real = realPathOr(candidate);
    if (real === undefined) continue;
    return real === wanted;
  }
  return false;
}

function realPathOr(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
