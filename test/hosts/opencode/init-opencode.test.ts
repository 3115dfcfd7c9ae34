import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, runCli } from '../../cli/run-cli.js';
import { hostTestProjects, one } from '../host-test-projects.js';

/*
 * `hookwire init opencode` and `hookwire init kilo` (the same installer, OpenCode's plugin in each host's
 * directory): the plugin file it writes, --print, and --undo back to the project as it was.
 */
const { state, project } = hostTestProjects('opencode-init');
const guard = { type: 'command', command: 'true' };

describe.concurrent.each([
  { host: 'opencode', name: 'OpenCode', directory: '.opencode' },
  { host: 'kilo', name: 'Kilo', directory: '.kilo' },
])('hookwire init $host', ({ host, name, directory }) => {
  const plugin = (dir: string) => join(dir, directory, 'plugins', 'hookwire.js');
  const init = (dir: string, ...flags: string[]) =>
    runCli(['init', host, '--project', dir, '--hookwire', 'hookwire', ...flags], '', {
      HOOKWIRE_STATE_DIR: state,
    });

  it('writes a plugin for the events the hooks use, and --undo leaves the project as it was (its folders too)', async () => {
    const dir = project({ ...one('PreToolUse', guard), ...one('PreCompact', guard) });
    const before = readdirSync(dir);
    const installed = await init(dir);
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain(`${name} has no PreCompact event`);
    const text = readFileSync(plugin(dir), 'utf8');
    expect(text).toMatch(new RegExp(`^// Written by \`hookwire init ${host}\``));
    expect(text).toContain(
      `const COMMAND = ${JSON.stringify(`hookwire run --host ${host} --settings ${join(dir, '.hookwire', 'hooks.json')}`)};`,
    );
    // \`--hookwire hookwire\` may name another installation than this one: its daemon is not known.
    expect(text).toContain('const DAEMON = null;');
    expect(text).toContain('const EVENTS = new Set(["tool.execute.before"]);');
    expect((await init(dir)).code).toBe(0);
    expect(readFileSync(plugin(dir), 'utf8')).toBe(text);
    expect((await init(dir, '--undo')).code).toBe(0);
    expect(existsSync(plugin(dir))).toBe(false);
    expect(readdirSync(dir)).toEqual(before);
  });

  it('--print writes nothing', async () => {
    const dir = project(one('Stop', guard));
    const printed = await init(dir, '--print');
    expect(printed.stdout).toContain(`# ${plugin(dir)}\n// Written by \`hookwire init ${host}\``);
    expect(existsSync(plugin(dir))).toBe(false);
  });

  it("never writes over or removes a plugin of that name that is not hookwire's", async () => {
    const dir = project(one('PreToolUse', guard));
    mkdirSync(join(dir, directory, 'plugins'), { recursive: true });
    writeFileSync(plugin(dir), 'export const Mine = async () => ({});\n');
    for (const flags of [[], ['--undo']]) {
      const result = await init(dir, ...flags);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain("is not hookwire's plugin");
    }
    expect(readFileSync(plugin(dir), 'utf8')).toBe('export const Mine = async () => ({});\n');
  });
});

describe('hookwire init opencode without --hookwire', () => {
  it("names this installation's daemon, which the plugin asks in its own process", async () => {
    const dir = project(one('PreToolUse', guard));
    // The built bin: the daemon is the Node bin's, never the sources' (`npm run build` first).
    const printed = await runCli(
      ['init', 'opencode', '--project', dir, '--print'],
      '',
      { HOOKWIRE_STATE_DIR: state },
      [join(root, 'dist', 'hookwire.cjs')],
    );
    const daemon = /^const DAEMON = (.*);$/m.exec(printed.stdout)?.[1];
    expect(JSON.parse(daemon ?? 'null')).toMatchObject({
      node: process.execPath,
      socketName: expect.stringMatching(/^daemon-.+-[0-9a-f]{8}\.sock$/),
    });
    expect(printed.stdout).toContain('const RUN = ["run","--host","opencode","--settings",');
  });
});
