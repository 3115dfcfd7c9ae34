/*
 * The native client for this machine, for the tests and benchmarks that run it: the one `npm run
 * build:clients` put in this platform's package (what ships; CI builds it first), else one compiled from
 * native/client/hookwire-client.c with the system's cc. Undefined when neither exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The shipped client of this platform, else one compiled into `outputDirectory`. */
export function nativeClient(outputDirectory: string): string | undefined {
  const shipped = join(root, 'npm', `client-${process.platform}-${process.arch}`, 'bin', 'hookwire-client');
  if (existsSync(shipped)) return shipped;
  const output = join(outputDirectory, 'hookwire-client');
  try {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    mkdirSync(outputDirectory, { recursive: true });
    const source = join(root, 'native', 'client', 'hookwire-client.c');
    execFileSync('cc', ['-std=c11', '-O2', `-DHOOKWIRE_VERSION="${version}"`, '-o', output, source]);
    return output;
  } catch {
    return undefined;
  }
}
