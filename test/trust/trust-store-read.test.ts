import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/settings/load-settings.js';
import { readTrustStore, TRUST_STORE_MAX_BYTES } from '../../src/settings/trust-store.js';
import { trustFiles } from '../support/trust-files.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-trust-store-read-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const EMPTY = JSON.stringify({ version: 1, files: {} });
let count = 0;
/** A private state directory holding a valid, empty store. */
function state(): { directory: string; store: string } {
  const directory = join(temporary, `state-${++count}`);
  mkdirSync(directory, { mode: 0o700 });
  const store = join(directory, 'trust.json');
  writeFileSync(store, EMPTY, { mode: 0o600 });
  return { directory, store };
}

const isRoot = process.getuid?.() === 0;

describe('reading the trust store believes only a store no one else can write', () => {
  it('reads a private store', () => {
    expect(readTrustStore(state().store)).toEqual({ store: { version: 1, files: {} } });
  });

  it('refuses a directory others can write, and says how to fix it', () => {
    const { directory, store } = state();
    chmodSync(directory, 0o777);
    expect(readTrustStore(store)).toEqual({
      problem: `is in ${directory}, which others can write (mode 0777)`,
      fix: `\`chmod 700 ${directory}\`, then check what it holds with \`hookwire trust --list\``,
    });
  });

  it('refuses a store others can write', () => {
    const { store } = state();
    chmodSync(store, 0o620);
    expect(readTrustStore(store)).toMatchObject({ problem: 'others can write (mode 0620)' });
  });

  it('refuses a store or a directory reached through a symlink', () => {
    const { directory, store } = state();
    const linkedDirectory = join(temporary, `linked-${count}`);
    symlinkSync(directory, linkedDirectory);
    expect(readTrustStore(join(linkedDirectory, 'trust.json'))).toMatchObject({
      problem: `is in ${linkedDirectory}, which is a symlink`,
    });
    const other = state();
    rmSync(other.store);
    symlinkSync(store, other.store);
    expect(readTrustStore(other.store)).toMatchObject({ problem: 'is a symlink' });
    rmSync(other.store);
    symlinkSync('/dev/zero', other.store);
    expect(readTrustStore(other.store)).toMatchObject({ problem: 'is a symlink' });
  });

  it('never waits on a FIFO, and refuses a store past its size limit', () => {
    const fifo = state();
    rmSync(fifo.store);
    execFileSync('mkfifo', ['-m', '600', fifo.store]);
    expect(readTrustStore(fifo.store)).toMatchObject({ problem: 'is not a regular file' });
    const large = state();
    writeFileSync(large.store, Buffer.alloc(TRUST_STORE_MAX_BYTES + 1, 0x20), { mode: 0o600 });
    expect(readTrustStore(large.store)).toMatchObject({
      problem: `is ${TRUST_STORE_MAX_BYTES + 1} bytes, more than the ${TRUST_STORE_MAX_BYTES} a store may hold`,
    });
  });

  it.skipIf(!isRoot)('refuses a store or a directory of another user (as root: chown)', () => {
    const { directory, store } = state();
    chownSync(store, 65534, 65534);
    expect(readTrustStore(store)).toMatchObject({ problem: 'belongs to another user (uid 65534)' });
    chownSync(store, 0, 0);
    chownSync(directory, 65534, 65534);
    expect(readTrustStore(store)).toMatchObject({
      problem: `is in ${directory}, which belongs to another user (uid 65534)`,
    });
  });
});

describe('a trust store inside the project', () => {
  function project() {
    const base = join(temporary, `project-${++count}`);
    const projectDir = join(base, 'project');
    mkdirSync(join(projectDir, '.hookwire'), { recursive: true });
    const file = join(projectDir, '.hookwire', 'hooks.json');
    writeFileSync(
      file,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    // The repository ships a store that trusts its own settings.
    const shipped = join(projectDir, '.state');
    trustFiles(shipped, [file]);
    const load = (homeDir: string) =>
      loadSettings({
        cwd: projectDir,
        projectDir,
        homeDir,
        managedSettingsPath: join(base, 'managed.json'),
        deepAgentsPath: join(base, 'hooks.json'),
        files: [file],
        trustStore: join(shipped, 'trust.json'),
      });
    return { base, projectDir, load };
  }

  it('is refused: nothing it says is trusted', () => {
    const { base, projectDir, load } = project();
    const loaded = load(join(base, 'home'));
    expect(loaded.hooks).toEqual([]);
    expect(loaded.untrusted[0]?.reason).toEqual({
      kind: 'store',
      storeFile: join(projectDir, '.state', 'trust.json'),
      problem: `lies inside the project directory ${projectDir}, where a repository could have put it`,
      fix: 'point HOOKWIRE_STATE_DIR (or XDG_STATE_HOME) outside the project',
    });
  });

  it('is read when the project is the home directory, which holds every file of the user', () => {
    const { projectDir, load } = project();
    const loaded = load(projectDir);
    expect([loaded.untrusted, loaded.hooks.length]).toEqual([[], 1]);
  });
});
