import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initCodex } from '../../src/hosts/codex/install/init-codex.js';
import { initQwen } from '../../src/hosts/qwen/install/init-qwen.js';

/*
 * `hookwire init codex` and `init qwen` write into user-level files that serve every project; when the entry
 * calls hookwire by an absolute path (this installation's), init says so, naming the path and the way to
 * call the one on PATH instead (docs/hosts/codex.md, docs/hosts/qwen.md). Negative control: `--hookwire
 * hookwire` writes a command name, and nothing is said.
 */

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-init-user-paths-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function setup(name: string) {
  const base = join(temporary, name);
  const projectDir = join(base, 'project');
  mkdirSync(join(projectDir, '.hookwire'), { recursive: true });
  const hooksPath = join(projectDir, '.hookwire', 'hooks.json');
  writeFileSync(
    hooksPath,
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
  const errors: string[] = [];
  const options = (hookwire: string | undefined) => ({
    projectDir,
    hooksPath,
    hookwire,
    print: false,
    undo: false,
    values: {},
    env: {
      CODEX_HOME: join(base, 'codex'),
      QWEN_HOME: join(base, 'qwen'),
      HOOKWIRE_STATE_DIR: join(base, 'state'),
      PATH: '',
    },
    cliPath: '/opt/hookwire/dist/hookwire.cjs',
    version: '0.0.0',
    out: () => undefined,
    err: (text: string) => errors.push(text),
  });
  return { errors, options };
}

describe('init into user-level configs says when it writes an absolute path', () => {
  it.each([
    ['codex', initCodex, 'hooks.json'],
    ['qwen', initQwen, 'settings.json'],
  ] as const)(
    'init %s names the absolute path it wrote, and says nothing for a command name',
    (host, init, file) => {
      const absolute = setup(`${host}-absolute`);
      expect(init(absolute.options(undefined))).toBe(0);
      const note = absolute.errors.find((line) => line.includes('absolute path'));
      expect(note).toContain(
        `${file} now calls hookwire by its absolute path /opt/hookwire/dist/hookwire.cjs`,
      );
      expect(note).toContain(`hookwire init ${host}`);
      const named = setup(`${host}-named`);
      expect(init(named.options('hookwire'))).toBe(0);
      expect(named.errors.some((line) => line.includes('absolute path'))).toBe(false);
    },
  );
});
