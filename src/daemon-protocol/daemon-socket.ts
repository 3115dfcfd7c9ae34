import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { version } from '../common/version.js';
import { DAEMON_PROTOCOL } from './daemon-wire.js';

/** macOS's `sun_path` holds 104 bytes (Linux 108): a longer socket path cannot be bound. */
const SOCKET_PATH_LIMIT = 103;

/**
 * The runtime directory of this user's daemons: `$XDG_RUNTIME_DIR/hookwire` (Linux: a per-user tmpfs), else
 * `$TMPDIR/hookwire-<uid>`, else `/tmp/hookwire-<uid>`, exactly as the native client computes it.
 */
export function runtimeDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const uid = process.getuid?.() ?? 0;
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime?.startsWith('/')) return `${runtime}/hookwire`;
  const temporary = env.TMPDIR;
  if (temporary?.startsWith('/')) return `${temporary}${temporary.endsWith('/') ? '' : '/'}hookwire-${uid}`;
  return `/tmp/hookwire-${uid}`;
}

/**
 * Why `directory` must not be used, or undefined when it is a directory (not a symlink) of this user that
 * nobody else may enter: the socket's only protection, since the daemon cannot read peer credentials.
 * Creates it (0700) when missing.
 */
export function runtimeDirectoryRefusal(directory: string): string | undefined {
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      return `cannot create ${directory}: ${String(error)}`;
  }
  const status = lstatSync(directory);
  if (status.isSymbolicLink()) return `${directory} is a symbolic link`;
  if (!status.isDirectory()) return `${directory} is not a directory`;
  if (status.uid !== process.getuid?.()) return `${directory} belongs to uid ${status.uid}, not to this user`;
  if ((status.mode & 0o077) !== 0)
    return `${directory} is open to others (mode ${(status.mode & 0o777).toString(8)})`;
  return undefined;
}

/** FNV-1a, 32 bits, of a path's UTF-8 bytes: the installation part of the socket name, as the client has it. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The socket of the daemon of this version and installation (`bin`: hookwire's Node bin, whose real path
 * names the installation): `daemon-<version>-<fnv1a(real path)>.sock`, so that an upgrade or a second
 * installation starts a daemon of its own. Undefined when the path would be too long to bind.
 */
export function daemonSocketPath(
  bin: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const path = join(runtimeDirectory(env), `daemon-${version}-${fnv1a(realpathSync(bin))}.sock`);
  return Buffer.byteLength(path) > SOCKET_PATH_LIMIT ? undefined : path;
}

/** How long a live daemon has to greet a newcomer checking for it. */
const GREETING_LIMIT_MS = 1000;

/**
 * True when a daemon of this protocol greets (`HWH1` and DAEMON_PROTOCOL) on `socketPath` within `limitMs`;
 * one of another protocol is taken for gone, its socket replaced (it exits when idle).
 */
export function daemonGreets(socketPath: string, limitMs = GREETING_LIMIT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const timer = setTimeout(() => finish(false), limitMs);
    function finish(greets: boolean): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(greets);
    }
    let hello = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      hello = Buffer.concat([hello, chunk]);
      if (hello.length >= 8)
        finish(hello.toString('latin1', 0, 4) === 'HWH1' && hello.readUInt32LE(4) === DAEMON_PROTOCOL);
    });
    socket.once('error', () => finish(false));
    socket.once('close', () => finish(false));
  });
}
