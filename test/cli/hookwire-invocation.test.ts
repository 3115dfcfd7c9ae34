import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventPathOf, hookwireInvocation } from '../../src/install/hookwire-invocation.js';

describe('how catch-all entries call hookwire', () => {
  it.each([
    ['/home/dev/app/node_modules/hookwire/dist/cli.js', '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire'],
    ['/home/me/.npm/_npx/1a2b3c/node_modules/hookwire/dist/cli.js', 'npx --yes hookwire@1.2.3'],
    ['/usr/local/lib/node_modules/hookwire/dist/cli.js', 'hookwire'],
    ['/home/dev/other/node_modules/hookwire/dist/cli.js', 'hookwire'],
  ])('from %s: %s', (cliPath, expected) => {
    expect(hookwireInvocation(cliPath, '/home/dev/app', '1.2.3')).toBe(expected);
  });
});

describe('where the installation has hookwire-client', () => {
  const base = mkdtempSync(join(tmpdir(), 'hookwire-invocation-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  /** An installation at `directory`: dist/hookwire.cjs and bin/hookwire-client; returns the cli path. */
  function installation(directory: string): string {
    mkdirSync(join(directory, 'dist'), { recursive: true });
    mkdirSync(join(directory, 'bin'), { recursive: true });
    writeFileSync(join(directory, 'dist', 'hookwire.cjs'), '');
    writeFileSync(join(directory, 'bin', 'hookwire-client'), '#!/usr/bin/env node\n', { mode: 0o755 });
    return join(directory, 'dist', 'hookwire.cjs');
  }
  const project = join(base, 'app');
  const local = installation(join(project, 'node_modules', 'hookwire'));
  const global = installation(join(base, 'global', 'lib', 'node_modules', 'hookwire'));
  const globalBin = join(base, 'global', 'bin');
  mkdirSync(globalBin, { recursive: true });
  symlinkSync(
    join(base, 'global', 'lib', 'node_modules', 'hookwire', 'bin', 'hookwire-client'),
    join(globalBin, 'hookwire-client'),
  );
  const otherBin = join(base, 'other', 'bin');
  installation(join(base, 'other', 'hookwire'));
  mkdirSync(otherBin, { recursive: true });
  symlinkSync(join(base, 'other', 'hookwire', 'bin', 'hookwire-client'), join(otherBin, 'hookwire-client'));

  it("calls the project's copy by the client's name", () => {
    expect(hookwireInvocation(local, project, '1.2.3', '')).toBe(
      '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire-client',
    );
  });
  it('calls hookwire-client on PATH only when the shell would find this installation’s', () => {
    expect(hookwireInvocation(global, project, '1.2.3', `${join(base, 'empty')}:${globalBin}`)).toBe(
      'hookwire-client',
    );
    expect(hookwireInvocation(global, project, '1.2.3', '/nowhere')).toBe('hookwire');
    expect(hookwireInvocation(global, project, '1.2.3', `${otherBin}:${globalBin}`)).toBe('hookwire');
  });

  it('says which path events take: Node for `hookwire` or the Node client, the daemon for the native one', () => {
    expect(eventPathOf(global, 'hookwire')).toBe('a Node start per event (hookwire run)');
    expect(eventPathOf(global, 'hookwire-client')).toMatch(
      /^a Node start per event \(hookwire-client is the Node client/,
    );
    const native = installation(join(base, 'native', 'hookwire'));
    // The first bytes of an ELF file: what the install step and the build put there.
    writeFileSync(
      join(base, 'native', 'hookwire', 'bin', 'hookwire-client'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
    );
    expect(eventPathOf(native, 'hookwire-client')).toBe('the native client and the warm daemon');
  });
});
