import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

const compiler = spawnSync('sh', ['-c', 'command -v cc'], { encoding: 'utf8' }).stdout.trim();

/*
 * Issue 33's "small lies": `CC=cc npm run build:clients` built the machine's client and then threw on the
 * next target, which `cc` cannot build. With CC set it builds the machine's own target only, and says so.
 */
describe.skipIf(compiler === '')('CC=cc npm run build:clients', () => {
  it("builds the machine's own client and exits 0", () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-clients.ts'], {
      cwd: root,
      env: { ...process.env, CC: compiler },
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const output = join(root, 'npm', `client-${platform()}-${arch()}`, 'bin', 'hookwire-client');
    expect(result.stdout).toBe(`built ${output}\n`);
    expect(existsSync(output) && (statSync(output).mode & 0o111) !== 0).toBe(true);
  });
});
