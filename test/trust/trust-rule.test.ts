import { describe, expect, it } from 'vitest';
import type { SourceLevel } from '../../src/settings/configured-hook.js';
import { sourceNeedsTrust } from '../../src/settings/trust-rule.js';

describe('which sources need trust', () => {
  const projectDir = '/srv/project';
  it.each<[SourceLevel, string, boolean]>([
    ['managed', '/etc/claude-code/managed-settings.json', false],
    ['user', '/home/u/.claude/settings.json', false],
    ['project', '/srv/project/.claude/settings.json', true],
    ['local', '/srv/project/.claude/settings.local.json', true],
    ['explicit', '/srv/project/.hookwire/hooks.json', true],
    ['explicit', '/srv/project-other/hooks.json', false],
    ['explicit', '/home/u/hooks.json', false],
    ['deepagents', '/home/u/.deepagents/hooks.json', false],
    ['inline', '<inline 1>', false],
    ['code', '<code>', false],
  ])('%s %s: %s', (level, file, expected) => {
    expect(sourceNeedsTrust({ level, file }, projectDir)).toBe(expected);
  });
});
