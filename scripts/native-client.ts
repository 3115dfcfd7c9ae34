/*
 * The native client for this machine, for the tests and benchmarks that run it: the one `npm run
 * build:clients` put in this platform's package (what ships; CI builds it first), else one compiled from
 * native/client/hookwire-client.c with the system's cc. Undefined when neither exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const SOURCES = ['hookwire-client.c', 'host-does-not-wait.h', 'spawner.c'].map((name) =>
  join(root, 'native', 'client', name),
);

/**
 * The shipped client of this platform when it is newer than its sources (a stale one would test old code),
 * else one compiled into `outputDirectory`.
 */
export function nativeClient(outputDirectory: string): string | undefined {
  const shipped = join(root, 'npm', `client-${process.platform}-${process.arch}`, 'bin', 'hookwire-client');
  const newest = Math.max(...SOURCES.map((file) => statSync(file).mtimeMs));
  if (existsSync(shipped) && statSync(shipped).mtimeMs >= newest) return shipped;
  const output = join(outputDirectory, 'hookwire-client');
  try {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    mkdirSync(outputDirectory, { recursive: true });
    const source = SOURCES[0] as string;
    execFileSync('cc', ['-std=c11', '-O2', `-DHOOKWIRE_VERSION="${version}"`, '-o', output, source]);
    return output;
  } catch {
    return undefined;
  }
}
