import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';

/** `hookwire init gemini` as a user runs it, the built bin (`npm run build` first) against a Gemini home of its own. */
const BUILT = ['dist/hookwire.cjs'];
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-init-gemini-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-init-gemini-state-'));
afterAll(() => {
  rmSync(temporary, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

let projects = 0;
function project(hooks: Record<string, unknown>): { dir: string; home: string } {
  const dir = join(temporary, `project-${++projects}`);
  const home = join(temporary, `home-${projects}`);
  mkdirSync(join(dir, '.hookwire'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(dir, '.hookwire', 'hooks.json'), JSON.stringify({ hooks }));
  return { dir, home };
}

const init = (dir: string, home: string, ...options: string[]) =>
  runCli(
    ['init', 'gemini', '--project', dir, '--hookwire', 'hookwire', ...options],
    '',
    { GEMINI_CLI_HOME: home, HOOKWIRE_STATE_DIR: state },
    BUILT,
  );

const hooks = {
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', timeout: 120 }] }],
  Stop: [{ hooks: [{ type: 'command', command: 'stop.sh', timeout: 5 }] }],
  PermissionRequest: [{ hooks: [{ type: 'command', command: 'allow.sh' }] }],
};

describe.concurrent('hookwire init gemini', () => {
  it("writes the project's Gemini events, timeouts in milliseconds, and lists what Gemini lacks", async () => {
    const { dir, home } = project(hooks);
    const result = await init(dir, home);
    expect(result.code).toBe(0);
    const command = (event: string) =>
      guarded(
        `hookwire run --host gemini --settings "$GEMINI_PROJECT_DIR"/.hookwire/hooks.json ${event}`,
        'gemini',
        event,
      );
    expect(JSON.parse(readFileSync(join(dir, '.gemini', 'settings.json'), 'utf8'))).toEqual({
      hooks: {
        BeforeTool: [
          {
            hooks: [{ name: 'hookwire', type: 'command', command: command('BeforeTool'), timeout: 125_000 }],
          },
        ],
        AfterAgent: [
          { hooks: [{ name: 'hookwire', type: 'command', command: command('AfterAgent'), timeout: 60_000 }] },
        ],
      },
    });
    expect(result.stderr).toContain(
      'Gemini CLI has no PermissionRequest event; its hooks do not run under Gemini CLI',
    );
    expect(result.stderr).toContain(`${dir} is not in ${join(home, '.gemini', 'trustedFolders.json')}`);
    expect(existsSync(join(home, '.gemini', 'trustedFolders.json'))).toBe(false);

    const undo = await init(dir, home, '--undo');
    expect(undo.code).toBe(0);
    expect(existsSync(join(dir, '.gemini', 'settings.json'))).toBe(false);
  });

  it('records the folder trust with --trust-folder, keeping the rules already there', async () => {
    const { dir, home } = project(hooks);
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), '{\n  "/elsewhere": "TRUST_FOLDER"\n}\n');
    const result = await init(dir, home, '--trust-folder');
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.gemini', 'trustedFolders.json'), 'utf8'))).toEqual({
      '/elsewhere': 'TRUST_FOLDER',
      [dir]: 'TRUST_FOLDER',
    });
    expect(result.stderr).toContain(`Gemini CLI now trusts ${dir}`);
  });

  it('never overrules a folder the user marked not to trust', async () => {
    const { dir, home } = project(hooks);
    mkdirSync(join(home, '.gemini'));
    const distrust = `{"${dir}": "DO_NOT_TRUST"}`;
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), distrust);
    const result = await init(dir, home, '--trust-folder');
    expect(readFileSync(join(home, '.gemini', 'trustedFolders.json'), 'utf8')).toBe(distrust);
    expect(result.stderr).toContain('marks');
    expect(result.stderr).toContain('as not trusted, and hookwire does not overrule that');
  });

  it('installs into the user settings with --user, with a backup, and --print writes nothing', async () => {
    const { dir, home } = project({ UserPromptSubmit: hooks.Stop });
    mkdirSync(join(home, '.gemini'));
    const settings = join(home, '.gemini', 'settings.json');
    writeFileSync(settings, '{ "theme": "GitHub" }\n');
    const printed = await init(dir, home, '--user', '--print');
    expect(printed.stdout).toContain('"command": "hookwire run --host gemini BeforeAgent ||');
    expect(readFileSync(settings, 'utf8')).toBe('{ "theme": "GitHub" }\n');

    expect((await init(dir, home, '--user')).code).toBe(0);
    expect(JSON.parse(readFileSync(settings, 'utf8')).hooks.BeforeAgent[0].hooks[0].command).toBe(
      guarded('hookwire run --host gemini BeforeAgent', 'gemini', 'BeforeAgent'),
    );
    expect(readFileSync(`${settings}.before-hookwire`, 'utf8')).toBe('{ "theme": "GitHub" }\n');
    await init(dir, home, '--user', '--undo');
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ theme: 'GitHub' });
  });
});
