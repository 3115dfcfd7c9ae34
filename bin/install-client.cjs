#!/usr/bin/env node
/*
 * What stands at bin/hookwire-client (package.json's `hookwire-client` bin; docs/daemon.md):
 *
 * - `node bin/install-client.cjs` (the install step): the native client of this platform, the optional
 *   dependency @hookwire/client-<os>-<cpu> (as esbuild and Biome ship theirs), when its `--version` is
 *   hookwire's; else a native client already there of this version is kept; else the Node client
 *   (bin/hookwire-client.mjs, which answers the same, slower).
 * - `node bin/install-client.cjs --build` (the end of `npm run build`): in a checkout, the native client
 *   compiled for this machine from native/client/ with `$CC` or `cc` (the system's toolchain), else the
 *   Node client, with a line saying which and why. When npm packs or publishes, always the Node client: the
 *   tarball must not carry the packing machine's binary (the install step puts each platform's in place).
 *
 * It never fails the install or the build: on any error bin/hookwire-client is the Node client, and
 * `hookwire doctor` says which one is in place and why.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
} = require('node:fs');
const { dirname, join } = require('node:path');

const packageRoot = join(__dirname, '..');
const version = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version;
const platform = `${process.platform}-${process.arch}`;
const target = join(packageRoot, 'bin', 'hookwire-client');
const nodeClient = join(packageRoot, 'bin', 'hookwire-client.mjs');

/** Puts `file` at bin/hookwire-client whole or not at all: a concurrent hook sees the old file or the new. */
function place(file) {
  const staged = `${target}.${process.pid}.tmp`;
  copyFileSync(file, staged);
  chmodSync(staged, 0o755);
  renameSync(staged, target);
}

/* The first bytes of an executable: ELF, Mach-O (both byte orders, 32 and 64 bits) and the universal binary. */
const NATIVE_MAGIC = ['7f454c46', 'feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'];

/** The `--version` a client file reports; undefined when it is not a native client that runs here. */
function reportedVersion(file) {
  try {
    if (!NATIVE_MAGIC.includes(readFileSync(file).subarray(0, 4).toString('hex'))) return undefined;
    return execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 5000 }).trim();
  } catch {
    return undefined;
  }
}

function install() {
  let manifest;
  try {
    manifest = require.resolve(`@hookwire/client-${platform}/package.json`, { paths: [packageRoot] });
  } catch {
    manifest = undefined;
  }
  if (manifest !== undefined) {
    const binary = join(dirname(manifest), 'bin', 'hookwire-client');
    const reported = reportedVersion(binary);
    if (reported === version) return place(binary);
    process.stderr.write(
      `hookwire: @hookwire/client-${platform} is ${reported ?? 'unusable'}, not ${version}: keeping the Node client\n`,
    );
  }
  if (reportedVersion(target) !== version) place(nodeClient);
}

function build() {
  const command = process.env.npm_command;
  if (command === 'pack' || command === 'publish') {
    place(nodeClient);
    process.stdout.write('hookwire: bin/hookwire-client is the Node client (a package carries no binary)\n');
    return;
  }
  const source = join(packageRoot, 'native', 'client', 'hookwire-client.c');
  if (!existsSync(source)) return install();
  const compiler = process.env.CC || 'cc';
  const output = join(packageRoot, '.tmp', `hookwire-client-${process.pid}`);
  try {
    mkdirSync(dirname(output), { recursive: true });
    execFileSync(
      compiler,
      ['-std=c11', '-O2', '-Wall', '-Wextra', `-DHOOKWIRE_VERSION="${version}"`, '-o', output, source],
      { stdio: ['ignore', 'inherit', 'pipe'] },
    );
  } catch (error) {
    place(nodeClient);
    const reason =
      error.code === 'ENOENT' ? `no C compiler (${compiler})` : `${compiler} failed: ${error.message}`;
    process.stdout.write(
      `hookwire: ${reason}; bin/hookwire-client is the Node client, so every event pays a Node start (install a C compiler and build again for the native client: docs/daemon.md)\n`,
    );
    return;
  }
  try {
    place(output);
  } finally {
    rmSync(output, { force: true });
  }
  process.stdout.write(
    `hookwire: built the native client for ${platform} (bin/hookwire-client, ${compiler})\n`,
  );
}

try {
  if (process.argv.includes('--build')) build();
  else install();
} catch (error) {
  process.stderr.write(
    `hookwire: the native client was not put in place (${error.message}); the Node client stays\n`,
  );
  try {
    if (!existsSync(target)) place(nodeClient);
  } catch {
    // Nothing more to do without a writable bin/: `hookwire doctor` says what is there.
  }
}
