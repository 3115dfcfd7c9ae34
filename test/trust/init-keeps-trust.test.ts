import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { trustFiles } from '../support/trust-files.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-init-trust-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const SETTINGS = `${JSON.stringify(
  {
    permissions: { allow: ['Bash(npm test)'] },
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo MK_GUARD >&2; exit 2' }] }],
      // A handler init cannot move: it stays in the settings file.
      Stop: [{ hooks: [{ type: 'mcp_tool', server: 'audit' }] }],
    },
  },
  null,
  2,
)}\n`;
const LOCAL = `${JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } })}\n`;

let count = 0;
/** A project with both settings files, and a state directory outside it. */
function project() {
  const base = join(temporary, `case-${++count}`);
  mkdirSync(join(base, 'project', '.claude'), { recursive: true });
  mkdirSync(join(base, 'home'));
  const projectDir = realpathSync(join(base, 'project'));
  writeFileSync(join(projectDir, '.claude', 'settings.json'), SETTINGS);
  writeFileSync(join(projectDir, '.claude', 'settings.local.json'), LOCAL);
  const env = {
    HOOKWIRE_STATE_DIR: join(base, 'state'),
    HOOKWIRE_HOME: join(base, 'home'),
    HOOKWIRE_MANAGED_SETTINGS: join(base, 'managed.json'),
  };
  const cli = (...args: string[]) => runCli(args, '', env);
  return {
    projectDir,
    /** `hookwire trust` with no terminal and no --yes: exit 0 only when every file is trusted as it is. */
    review: () => cli('trust', '--project', projectDir),
    trustAll: () => cli('trust', '--project', projectDir, '--yes'),
    /** Trusts one file as it is now (`trust` itself reviews every file of the project). */
    trustOnly: (file: string) => trustFiles(env.HOOKWIRE_STATE_DIR, [join(projectDir, file)]),
    init: () => cli('init', 'claude', '--project', projectDir, '--hookwire', 'hookwire'),
    undo: () => cli('init', '--undo', '--project', projectDir),
  };
}

const unchanged = (projectDir: string, files: readonly string[]) =>
  files.map((file) => `${join(projectDir, file)}: trusted, unchanged\n`).join('');

describe('the files hookwire init rewrites keep their trust', () => {
  it('init and init --undo record the settings files they rewrite when they were trusted', async () => {
    const p = project();
    expect((await p.trustAll()).code).toBe(0);
    const init = await p.init();
    expect(init.code).toBe(0);
    expect(init.stderr).not.toContain('trust');
    expect(readFileSync(join(p.projectDir, '.claude', 'settings.json'), 'utf8')).not.toBe(SETTINGS);
    expect(await p.review()).toEqual({
      code: 0,
      stdout: unchanged(p.projectDir, [
        '.claude/settings.json',
        '.claude/settings.local.json',
        '.hookwire/hooks.json',
      ]),
      stderr: '',
    });

    const undo = await p.undo();
    expect([undo.code, undo.stderr]).toEqual([0, '']);
    expect(readFileSync(join(p.projectDir, '.claude', 'settings.json'), 'utf8')).toBe(SETTINGS);
    expect(await p.review()).toEqual({
      code: 0,
      stdout: unchanged(p.projectDir, ['.claude/settings.json', '.claude/settings.local.json']),
      stderr: '',
    });
  });

  it('never trusts a settings file that was not trusted before the rewrite', async () => {
    const p = project();
    // Only settings.local.json was reviewed; settings.json came with the clone.
    p.trustOnly('.claude/settings.local.json');
    expect((await p.init()).code).toBe(0);
    const review = await p.review();
    expect(review.code).toBe(1);
    expect(review.stdout).toContain(
      unchanged(p.projectDir, ['.claude/settings.local.json', '.hookwire/hooks.json']),
    );
    expect(review.stdout).toContain(`${join(p.projectDir, '.claude', 'settings.json')}`);
    expect(review.stdout).not.toContain(`${join(p.projectDir, '.claude', 'settings.json')}: trusted`);

    // Nor does the undo: the restored settings.json is still to be reviewed.
    expect((await p.undo()).code).toBe(0);
    const after = await p.review();
    expect(after.code).toBe(1);
    expect(after.stdout).toContain(unchanged(p.projectDir, ['.claude/settings.local.json']));
    expect(after.stdout).not.toContain(`${join(p.projectDir, '.claude', 'settings.json')}: trusted`);
  });
});
