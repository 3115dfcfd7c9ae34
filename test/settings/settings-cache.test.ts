import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { LoadedSettings } from '../../src/settings/configured-hook.js';
import { type LoadSettingsOptions, loadSettings } from '../../src/settings/load-settings.js';
import { recordTrust } from '../../src/settings/record-trust.js';
import { reviewFile } from '../../src/settings/review-file.js';
import { SettingsCache } from '../../src/settings/settings-cache.js';
import { emptyTrustStore } from '../../src/settings/trust-store.js';

let root: string;
let options: LoadSettingsOptions;
let store: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hookwire-settings-cache-'));
  // The store lies outside the project, as trust requires.
  store = join(root, 'state', 'trust.json');
  options = {
    cwd: join(root, 'project'),
    projectDir: join(root, 'project'),
    homeDir: join(root, 'home'),
    managedSettingsPath: join(root, 'etc', 'managed-settings.json'),
    deepAgentsPath: join(root, 'home', '.deepagents', 'hooks.json'),
    trustStore: store,
  };
  mkdirSync(options.projectDir, { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, command: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } }));
  return path;
}

const projectFile = () => join(options.projectDir, '.claude', 'settings.json');
const userFile = () => join(options.homeDir, '.claude', 'settings.json');

async function trust(file: string): Promise<void> {
  await recordTrust(store, [reviewFile(file, 'project', emptyTrustStore())]);
}

/** The parts of a loading an engine acts on: which hooks run, which files were refused and why. */
const summary = (settings: LoadedSettings) => ({
  hooks: settings.hooks.map((hook) => `${hook.provenance.level}:${hook.label}`),
  untrusted: settings.untrusted.map((source) => `${source.file}: ${source.reason.kind}`),
  errors: settings.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
});

/** A cached loading agrees with a fresh one, and says whether it came from the cache. */
function loadBoth(cache: SettingsCache, given: LoadSettingsOptions = options) {
  const hitsBefore = cache.hits;
  const cached = cache.load(given);
  expect(summary(cached)).toEqual(summary(loadSettings(given)));
  return { ...summary(cached), hit: cache.hits > hitsBefore };
}

describe('SettingsCache', () => {
  it('reuses a loading while nothing it was read from changed', async () => {
    const cache = new SettingsCache();
    await trust(write(projectFile(), 'echo trusted'));
    expect(loadBoth(cache)).toMatchObject({ hooks: ['project:echo trusted'], hit: false });
    expect(loadBoth(cache)).toMatchObject({ hooks: ['project:echo trusted'], hit: true });
    expect([cache.hits, cache.loads]).toEqual([1, 1]);
  });

  it('sees an edit on the next loading, even one of the same size and modification time', async () => {
    const cache = new SettingsCache();
    const file = write(userFile(), 'echo one');
    expect(loadBoth(cache).hooks).toEqual(['user:echo one']);
    const { atime, mtime } = statSync(file);
    write(file, 'echo two');
    utimesSync(file, atime, mtime);
    expect(loadBoth(cache)).toMatchObject({ hooks: ['user:echo two'], hit: false });
  });

  it('sees an edited project file as untrusted, and trusted again once re-trusted', async () => {
    const cache = new SettingsCache();
    const file = write(projectFile(), 'echo v1');
    await trust(file);
    expect(loadBoth(cache).hooks).toEqual(['project:echo v1']);
    write(file, 'echo v2');
    expect(loadBoth(cache)).toMatchObject({ hooks: [], untrusted: [`${file}: changed`], hit: false });
    await trust(file);
    expect(loadBoth(cache)).toMatchObject({ hooks: ['project:echo v2'], untrusted: [], hit: false });
  });

  it('sees a file untrusted (the store emptied, removed, or opened to others) and trusted again', async () => {
    const cache = new SettingsCache();
    const file = write(projectFile(), 'echo guarded');
    await trust(file);
    expect(loadBoth(cache).hooks).toEqual(['project:echo guarded']);
    writeFileSync(store, `${JSON.stringify(emptyTrustStore())}\n`, { mode: 0o600 });
    expect(loadBoth(cache)).toMatchObject({ hooks: [], untrusted: [`${file}: new`] });
    await trust(file);
    expect(loadBoth(cache).hooks).toEqual(['project:echo guarded']);
    unlinkSync(store);
    expect(loadBoth(cache)).toMatchObject({ hooks: [], untrusted: [`${file}: new`] });
    await trust(file);
    expect(loadBoth(cache).hooks).toEqual(['project:echo guarded']);
    chmodSync(store, 0o666);
    expect(loadBoth(cache)).toMatchObject({ hooks: [], untrusted: [`${file}: store`] });
  });

  it('sees a settings file created, removed, and a symlink that points elsewhere', async () => {
    const cache = new SettingsCache();
    expect(loadBoth(cache).hooks).toEqual([]);
    write(userFile(), 'echo created');
    expect(loadBoth(cache).hooks).toEqual(['user:echo created']);
    unlinkSync(userFile());
    expect(loadBoth(cache).hooks).toEqual([]);
    // A trusted file reached through a symlinked project directory, then the link moved to a copy.
    const real = join(root, 'real-project');
    const copy = join(root, 'copy-project');
    const file = write(join(real, '.claude', 'settings.json'), 'echo linked');
    write(join(copy, '.claude', 'settings.json'), 'echo linked');
    rmSync(options.projectDir, { recursive: true });
    symlinkSync(real, options.projectDir);
    await recordTrust(store, [reviewFile(file, 'project', emptyTrustStore())]);
    expect(loadBoth(cache).hooks).toEqual(['project:echo linked']);
    expect(loadBoth(cache).hit).toBe(true);
    unlinkSync(options.projectDir);
    symlinkSync(copy, options.projectDir);
    expect(loadBoth(cache)).toMatchObject({ hooks: [], hit: false });
  });

  it('keeps one loading per set of options, at most `limit` of them', () => {
    const cache = new SettingsCache(2);
    const files = ['a', 'b', 'c'].map((name) => write(join(root, 'outside', `${name}.json`), `echo ${name}`));
    const each = files.map((file) => ({ ...options, files: [file] }));
    for (const given of each) expect(loadBoth(cache, given).hit).toBe(false);
    // c and b are kept; a, the least recently used, went.
    expect(loadBoth(cache, each[2]).hit).toBe(true);
    expect(loadBoth(cache, each[1]).hit).toBe(true);
    expect(loadBoth(cache, each[0]).hit).toBe(false);
  });

  it('never keeps a loading with plugins or inline objects', () => {
    const cache = new SettingsCache();
    const inline = {
      ...options,
      objects: [{ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } }],
    };
    loadBoth(cache, inline);
    expect(loadBoth(cache, inline).hit).toBe(false);
  });

  it('gives engines made with it the same hooks as engines made without', async () => {
    const cache = new SettingsCache();
    const file = write(projectFile(), 'echo from-settings');
    await trust(file);
    const engineOptions = { ...options, trust: 'require' as const, homeDir: options.homeDir };
    for (let round = 0; round < 2; round++) {
      const engine = await createEngine({ ...engineOptions, settingsCache: cache });
      expect(engine.settings.hooks.map((hook) => hook.label)).toEqual(['echo from-settings']);
      await engine.close();
    }
    expect(cache.hits).toBe(1);
  });
});
