import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SourceLevel } from '../../src/settings/configured-hook.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { sourceNeedsTrust } from '../../src/settings/trust-rule.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-trust-rule-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));
const projectDir = join(temporary, 'project');
mkdirSync(join(projectDir, '.hookwire'), { recursive: true });

describe('which sources need trust', () => {
  it.each<[SourceLevel, string, boolean]>([
    ['managed', '/etc/claude-code/managed-settings.json', false],
    ['user', '/home/u/.claude/settings.json', false],
    ['project', join(projectDir, '.claude/settings.json'), true],
    ['local', join(projectDir, '.claude/settings.local.json'), true],
    ['explicit', join(projectDir, '.hookwire/hooks.json'), true],
    ['explicit', join(temporary, 'project-other/hooks.json'), false],
    ['explicit', '/home/u/hooks.json', false],
    // A name that starts with two dots is still inside: only a `..` segment leaves.
    ['explicit', join(projectDir, '..hooks.json'), true],
    ['explicit', join(projectDir, '..plug', 'hooks', 'hooks.json'), true],
    ['explicit', join(projectDir, '..'), false],
    ['deepagents', '/home/u/.deepagents/hooks.json', false],
    ['inline', '<inline 1>', false],
    ['code', '<code>', false],
  ])('%s %s: %s', (level, file, expected) => {
    expect(sourceNeedsTrust({ level, file }, projectDir)).toBe(expected);
  });

  it('decides on real paths: a project directory that does not resolve leaves no file outside', () => {
    const file = join(projectDir, '.hookwire', 'hooks.json');
    // Another case, another Unicode normalisation, or a directory that is gone: none is the project on disk.
    for (const spelling of [
      join(temporary, 'PROJECT'),
      join(temporary, 'proje\u0301ct'),
      join(temporary, 'gone'),
    ]) {
      expect(sourceNeedsTrust({ level: 'explicit', file }, spelling)).toBe(true);
    }
    // Through a symlink to the project, either side.
    const link = join(temporary, 'link');
    symlinkSync(projectDir, link);
    expect(
      sourceNeedsTrust({ level: 'explicit', file: join(link, '.hookwire', 'hooks.json') }, projectDir),
    ).toBe(true);
    expect(sourceNeedsTrust({ level: 'explicit', file }, link)).toBe(true);
  });

  it('asks trust of a --plugin ..plug and a ..hooks.json inside the project', () => {
    const plugin = join(projectDir, '..plug');
    mkdirSync(join(plugin, 'hooks'), { recursive: true });
    const hooks = { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 2' }] }] } };
    writeFileSync(join(plugin, 'hooks', 'hooks.json'), JSON.stringify(hooks));
    writeFileSync(join(projectDir, '..hooks.json'), JSON.stringify(hooks));
    const loaded = loadSettings({
      cwd: projectDir,
      projectDir,
      homeDir: join(temporary, 'home'),
      managedSettingsPath: join(temporary, 'managed.json'),
      deepAgentsPath: join(temporary, 'home', 'hooks.json'),
      files: ['..hooks.json'],
      plugins: ['..plug'],
      trustStore: join(temporary, 'state', 'trust.json'),
    });
    expect(loaded.hooks).toEqual([]);
    expect(loaded.untrusted.map((source) => source.file)).toEqual([
      join(projectDir, '..hooks.json'),
      join(plugin, 'hooks', 'hooks.json'),
    ]);
  });
});
