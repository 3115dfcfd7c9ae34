#!/usr/bin/env node
/*
 * hookwire's install step: puts the native client of this platform (the optional dependency
 * @hookwire/client-<os>-<cpu>, as esbuild and Biome ship theirs) in place of bin/hookwire-client, so that
 * the settings line `hookwire-client run ...` costs a native start instead of a Node start. It never fails
 * the install: without a client package for this platform, with one of another version, or when anything
 * goes wrong, bin/hookwire-client stays the Node CLI, which answers the same (slower), and
 * `hookwire doctor` says which one is in place and why.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const { chmodSync, copyFileSync, readFileSync, renameSync } = require('node:fs');
const { dirname, join } = require('node:path');

const packageRoot = join(__dirname, '..');
const version = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version;
const clientPackage = `@hookwire/client-${process.platform}-${process.arch}`;

function install() {
  let manifest;
  try {
    manifest = require.resolve(`${clientPackage}/package.json`, { paths: [packageRoot] });
  } catch {
    return; // no client for this platform (or not installed): the Node CLI stays, as documented
  }
  const binary = join(dirname(manifest), 'bin', 'hookwire-client');
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 5000 }).trim();
  if (reported !== version) {
    process.stderr.write(
      `hookwire: ${clientPackage} is ${reported}, not ${version}: keeping the Node client\n`,
    );
    return;
  }
  const target = join(packageRoot, 'bin', 'hookwire-client');
  const staged = `${target}.${process.pid}.tmp`;
  copyFileSync(binary, staged);
  chmodSync(staged, 0o755);
  renameSync(staged, target); // whole or not at all: a concurrent hook sees the old file or the new one
}

try {
  install();
} catch (error) {
  process.stderr.write(
    `hookwire: the native client was not installed (${error.message}); the Node client stays\n`,
  );
}
