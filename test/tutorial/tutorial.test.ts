import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, tutorialShellBlocks } from './tutorial-steps.js';

/*
 * docs/tutorial.md, run as a reader would: each `sh` block in order, in one bash per block (a block's `cd`
 * carries to the next), with the built CLI as `hookwire` and `npx hookwire`, HOME and the state directory in
 * a temporary directory outside the projects.
 */

const base = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-tutorial-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const bin = join(base, 'bin');
mkdirSync(bin);
mkdirSync(join(base, 'home'));
mkdirSync(join(base, 'work'));
const cli = join(root, 'dist', 'hookwire.cjs');
writeFileSync(join(bin, 'hookwire'), `#!/bin/sh\nexec node ${JSON.stringify(cli)} "$@"\n`);
writeFileSync(
  join(bin, 'npx'),
  `#!/bin/sh\n[ "$1" = hookwire ] || exit 127\nshift\nexec node ${JSON.stringify(cli)} "$@"\n`,
);
chmodSync(join(bin, 'hookwire'), 0o755);
chmodSync(join(bin, 'npx'), 0o755);

const env: NodeJS.ProcessEnv = {
  PATH: `${bin}:${process.env.PATH}`,
  HOME: join(base, 'home'),
  HOOKWIRE_STATE_DIR: join(base, 'state'),
  HOOKWIRE_HOME: join(base, 'home'),
  HOOKWIRE_MANAGED_SETTINGS: join(base, 'managed.json'),
  GIT_AUTHOR_NAME: 'Tutorial',
  GIT_AUTHOR_EMAIL: 'tutorial@example.com',
  GIT_COMMITTER_NAME: 'Tutorial',
  GIT_COMMITTER_EMAIL: 'tutorial@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

let cwd = join(base, 'work');
/** Runs one block in bash from where the last one ended; returns its output and its last command's code. */
function runBlock(block: string) {
  const marker = join(base, 'cwd');
  const result = spawnSync('bash', ['-c', `${block}\ncode=$?\npwd > ${JSON.stringify(marker)}\nexit $code`], {
    cwd,
    env,
    encoding: 'utf8',
  });
  cwd = spawnSync('cat', [marker], { encoding: 'utf8' }).stdout.trim();
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const denial = (stdout: string) => JSON.parse(stdout).hookSpecificOutput as Record<string, string>;

describe('docs/tutorial.md', () => {
  const blocks = tutorialShellBlocks();
  const demo = join(base, 'work', 'demo');
  const second = join(base, 'work', 'second');

  it('has the five shell blocks the test walks, and a build to run them with', () => {
    expect(existsSync(cli), 'run `npm run build` first: the tutorial uses the built CLI').toBe(true);
    expect(blocks).toHaveLength(5);
  });

  it('1: init moves the guard and trusts the hooks file; the guard refuses rm -rf', () => {
    const init = runBlock(blocks[0]!);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('moved 1 hook(s) of PreToolUse into .hookwire/hooks.json');
    expect(runBlock(blocks[1]!)).toEqual({ code: 2, stdout: '', stderr: 'no rm -rf here\n' });
  });

  it('2: after an edit the next event is denied with the exact trust command', () => {
    const edited = runBlock(blocks[2]!);
    expect(edited.code).toBe(0);
    const answer = denial(edited.stdout);
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toMatch(
      new RegExp(
        `${join(demo, '.hookwire', 'hooks.json')} \\(changed since you trusted it on [^)]+\\): .*\`hookwire trust --project ${demo}\`$`,
      ),
    );
  });

  it('3: trust shows the diff since the last trust, then the guard runs again', () => {
    const trusted = runBlock(blocks[3]!);
    expect(trusted.stdout).toContain('changed since you trusted it on');
    expect(trusted.stdout).toContain('~ was PreToolUse');
    expect(trusted.stdout).toContain('~ now PreToolUse');
    expect(trusted.stdout).toContain('trusted .hookwire/hooks.json (sha256 ');
    // The catch-all entries init wrote in a settings file that was never trusted: shown as new.
    expect(trusted.stdout).toContain('.claude/settings.json: new file, 1 hook');
    expect([trusted.code, trusted.stderr]).toEqual([2, 'no rm -rf here!\n']);
  });

  it('4: in a clone the hooks file is new, untrusted, and the call is denied', () => {
    const cloned = runBlock(blocks[4]!);
    expect(cwd).toBe(second);
    expect(cloned.code).toBe(0);
    const answer = denial(cloned.stdout);
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toContain(
      `${join(second, '.hookwire', 'hooks.json')} (new file)`,
    );
    expect(answer.permissionDecisionReason).toContain(`\`hookwire trust --project ${second}\``);
  });
});
