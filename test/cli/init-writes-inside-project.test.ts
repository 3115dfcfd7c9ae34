import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInitState } from '../../src/hosts/claude-code/install/init-state.js';
import { confinementProblem } from '../../src/install/confined-path.js';
import { runCli } from './run-cli.js';

/*
 * The property of docs/trust.md, "What init writes": nothing a repository contains chooses a path that
 * `hookwire init` or `init --undo` writes or removes. Generated over the path forms a committed
 * `.hookwire/init.json` can hold (`..` segments, absolute paths, `~`, a symlinked directory or file leaving
 * the project, relative or absolute link), in each of its path fields: every one is refused with an error
 * naming the state file and the field, and no file outside the project is touched; through the real CLI
 * for `init --undo` and for `init claude` in a project whose `.claude` links to the user's. Negative
 * control: the paths init itself writes pass.
 */

const temporary = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-init-confined-')));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

let count = 0;
function project() {
  const base = join(temporary, `case-${++count}`);
  const projectDir = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(projectDir, '.hookwire', 'backup'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  const userSettings = join(home, '.claude', 'settings.json');
  writeFileSync(userSettings, '{"permissions":{"allow":["Bash"]}}\n');
  // Links the repository carries: a directory and a file leaving the project, relative and absolute.
  symlinkSync('../home/.claude', join(projectDir, 'out-relative'));
  symlinkSync(join(home, '.claude'), join(projectDir, 'out-absolute'));
  symlinkSync(userSettings, join(projectDir, '.hookwire', 'backup', 'linked.json'));
  return { base, projectDir, home, userSettings };
}

/** The path forms that leave the project, for a settings file or a backup. */
const LEAVING = [
  '../home/.claude/settings.json',
  '../home/.bash_login',
  '.hookwire/backup/../../../home/.bash_login',
  '/tmp/hookwire-elsewhere.json',
  '~/.claude/settings.json',
  'out-relative/settings.json',
  'out-absolute/settings.json',
  '.hookwire/backup/linked.json',
];

const FIELDS = ['hooksFile', 'settings', 'backup'] as const;

function stateWith(field: (typeof FIELDS)[number], path: string) {
  const entry = {
    settings: '.claude/settings.json',
    backup: '.hookwire/backup/settings.json',
    written: '{}',
  };
  return {
    hooksFile: field === 'hooksFile' ? path : '.hookwire/hooks.json',
    hooksFileSha256: '0'.repeat(64),
    files: [field === 'hooksFile' ? entry : { ...entry, [field]: path }],
  };
}

describe('init and init --undo write only inside the project', () => {
  it.each(FIELDS.flatMap((field) => LEAVING.map((path) => [field, path] as const)))(
    'a state naming %s %s is refused, located',
    (field, path) => {
      const { projectDir } = project();
      writeFileSync(join(projectDir, '.hookwire', 'init.json'), JSON.stringify(stateWith(field, path)));
      expect(() => readInitState(projectDir)).toThrow(
        new RegExp(
          `${join(projectDir, '.hookwire', 'init.json').replaceAll('.', '\\.')}: (hooksFile|files\\[0\\]\\.${field})`,
        ),
      );
    },
  );

  it('negative control: the paths init writes itself pass', () => {
    const { projectDir } = project();
    for (const file of [
      '.hookwire/hooks.json',
      '.claude/settings.json',
      '.hookwire/backup/settings.json',
      'a/b.json',
    ])
      expect([file, confinementProblem(projectDir, file)]).toEqual([file, undefined]);
    writeFileSync(
      join(projectDir, '.hookwire', 'init.json'),
      JSON.stringify(stateWith('settings', '.claude/settings.json')),
    );
    expect(readInitState(projectDir)?.hooksFile).toBe('.hookwire/hooks.json');
  });

  it('hookwire init --undo with a committed state naming ../.bash_login and the user settings: refused, nothing written', async () => {
    const { projectDir, home, userSettings, base } = project();
    writeFileSync(join(projectDir, '.hookwire', 'backup', 'settings.json'), '{"hooks":{}}');
    const state = {
      hooksFile: '../home/.bash_login',
      hooksFileSha256: '0'.repeat(64),
      files: [
        {
          settings: '../home/.claude/settings.json',
          backup: '.hookwire/backup/settings.json',
          written: '{}',
        },
      ],
    };
    writeFileSync(join(projectDir, '.hookwire', 'init.json'), JSON.stringify(state));
    const before = readFileSync(userSettings, 'utf8');
    const result = await runCli(['init', '--undo', '--project', projectDir], '', {
      HOME: home,
      HOOKWIRE_STATE_DIR: join(base, 'state'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${join(projectDir, '.hookwire', 'init.json')}: hooksFile`);
    expect([readFileSync(userSettings, 'utf8'), existsSync(join(home, '.bash_login'))]).toEqual([
      before,
      false,
    ]);
  });

  it("hookwire init claude in a project whose .claude links to the user's: refused, the user's settings untouched", async () => {
    const { projectDir, home, userSettings, base } = project();
    symlinkSync('../home/.claude', join(projectDir, '.claude'));
    const before = readFileSync(userSettings, 'utf8');
    const result = await runCli(['init', 'claude', '--project', projectDir, '--hookwire', 'hookwire'], '', {
      HOME: home,
      HOOKWIRE_STATE_DIR: join(base, 'state'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('outside the project');
    expect(readFileSync(userSettings, 'utf8')).toBe(before);
    expect(existsSync(join(projectDir, '.hookwire', 'init.json'))).toBe(false);
  });
});
