import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { trustFiles } from '../support/trust-files.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-trust-load-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

let count = 0;
/** A fresh project with `.claude/settings.json`, an empty home and its own state directory. */
function project(settings: unknown = hooksWith('echo one')) {
  const root = join(temporary, `case-${++count}`);
  const projectDir = join(root, 'project');
  const home = join(root, 'home');
  const state = join(root, 'state');
  mkdirSync(join(projectDir, '.claude'), { recursive: true });
  mkdirSync(home);
  const file = join(projectDir, '.claude', 'settings.json');
  writeFileSync(file, JSON.stringify(settings));
  const load = () =>
    loadSettings({
      cwd: projectDir,
      projectDir,
      homeDir: home,
      managedSettingsPath: join(root, 'managed.json'),
      deepAgentsPath: join(home, 'hooks.json'),
      trustStore: join(state, 'trust.json'),
    });
  return { root, projectDir, home, state, file, load };
}

function hooksWith(command: string) {
  return { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } };
}

describe('loading with trust required', () => {
  it('skips a new project file with one warning naming it and the command to review it', () => {
    const { file, projectDir, load } = project();
    const loaded = load();
    expect(loaded.hooks).toEqual([]);
    expect(loaded.files).toEqual([]);
    expect(loaded.untrusted.map((source) => [source.file, source.reason, source.hooks.length])).toEqual([
      [file, { kind: 'new' }, 1],
    ]);
    expect(loaded.untrusted[0]?.warning).toBe(
      `skipped untrusted project hooks in ${file} (new file): review and trust them with \`hookwire trust --project ${projectDir}\``,
    );
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'warning',
        file,
        line: 1,
        column: 1,
        jsonPath: '$',
        message: `skipped untrusted project hooks (new file): review and trust them with \`hookwire trust --project ${projectDir}\``,
      },
    ]);
  });

  it('loads the file once trusted, and not after one byte of it changed', () => {
    const { file, state, load } = project();
    trustFiles(state, [file]);
    expect(load().hooks.map((hook) => hook.label)).toEqual(['echo one']);
    writeFileSync(file, JSON.stringify(hooksWith('echo onE')));
    const loaded = load();
    expect(loaded.hooks).toEqual([]);
    expect(loaded.untrusted[0]?.reason.kind).toBe('changed');
  });

  it('catches a symlink swapped to another target, even one with the same bytes', () => {
    const { projectDir, file, state, load } = project();
    const first = join(projectDir, 'first.json');
    const second = join(projectDir, 'second.json');
    writeFileSync(first, JSON.stringify(hooksWith('echo one')));
    writeFileSync(second, JSON.stringify(hooksWith('echo one')));
    unlinkSync(file);
    symlinkSync(first, file);
    trustFiles(state, [file]);
    expect(load().hooks).toHaveLength(1);
    unlinkSync(file);
    symlinkSync(second, file);
    expect(load().untrusted[0]?.reason).toEqual({ kind: 'moved', was: first, now: second });
    writeFileSync(second, JSON.stringify(hooksWith('rm -rf /tmp/nothing')));
    expect(load().untrusted[0]?.reason.kind).toBe('changed');
  });

  it('trusts nothing when the store is corrupt, and says which file and how to fix it', () => {
    const { file, state, load } = project();
    trustFiles(state, [file]);
    writeFileSync(join(state, 'trust.json'), '{"version": 1, "files": {');
    const loaded = load();
    expect(loaded.hooks).toEqual([]);
    expect(loaded.untrusted[0]?.reason).toMatchObject({
      kind: 'store',
      storeFile: join(state, 'trust.json'),
    });
    expect(loaded.untrusted[0]?.warning).toContain(
      `the trust store ${join(state, 'trust.json')} is not valid JSON`,
    );
    expect(loaded.untrusted[0]?.warning).toContain('move it aside, then trust again');
  });

  it('never asks trust of the user level, and ignores policy keys of an untrusted file', () => {
    const { home, load } = project({ ...hooksWith('echo project'), disableAllHooks: true });
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify(hooksWith('echo user')));
    const loaded = load();
    expect(loaded.hooks.map((hook) => hook.label)).toEqual(['echo user']);
    expect(loaded.policy.disableAllHooks).toBe(false);
  });

  it('needs trust for a settings file named explicitly only when it lies in the project', () => {
    const { root, projectDir, state } = project();
    const inside = join(projectDir, 'hooks.json');
    const outside = join(root, 'hooks.json');
    writeFileSync(inside, JSON.stringify(hooksWith('echo inside')));
    writeFileSync(outside, JSON.stringify(hooksWith('echo outside')));
    const loaded = loadSettings({
      cwd: projectDir,
      projectDir,
      homeDir: root,
      managedSettingsPath: join(root, 'managed.json'),
      deepAgentsPath: join(root, 'none.json'),
      files: [inside, outside],
      trustStore: join(state, 'trust.json'),
    });
    expect(loaded.hooks.map((hook) => hook.label)).toEqual(['echo outside']);
    expect(loaded.untrusted.map((source) => source.file)).toEqual([inside]);
    expect(loaded.untrusted[0]?.trustCommand).toBe(
      `hookwire trust --project ${projectDir} --settings ${inside}`,
    );
  });

  it('knows a file of the project named through the real path of a symlinked project directory', () => {
    const { root, projectDir, state } = project();
    const link = join(root, 'link');
    symlinkSync(projectDir, link);
    const inside = join(projectDir, 'hooks.json');
    writeFileSync(inside, JSON.stringify(hooksWith('echo inside')));
    const loaded = loadSettings({
      cwd: link,
      projectDir: link,
      homeDir: root,
      managedSettingsPath: join(root, 'managed.json'),
      deepAgentsPath: join(root, 'none.json'),
      files: [inside],
      trustStore: join(state, 'trust.json'),
    });
    expect(loaded.untrusted.map((source) => source.file)).toEqual([inside]);
  });

  it('the engine runs every source unless asked to require trust', async () => {
    const { projectDir, home, root, state } = project();
    const options = {
      cwd: projectDir,
      homeDir: home,
      managedSettingsPath: join(root, 'managed.json'),
      trustStore: join(state, 'trust.json'),
    };
    const off = await createEngine(options);
    const required = await createEngine({ ...options, trust: 'require' });
    expect(off.settings.hooks).toHaveLength(1);
    expect(required.settings.hooks).toHaveLength(0);
    expect(required.settings.untrusted).toHaveLength(1);
    await Promise.all([off.close(), required.close()]);
  });
});
