import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { hostTestProjects, one } from '../host-test-projects.js';

/* `hookwire init opencode`: the plugin file it writes, --print, and --undo back to the project as it was. */
const { state, project } = hostTestProjects('opencode-init');
const plugin = (dir: string) => join(dir, '.opencode', 'plugins', 'hookwire.js');
const init = (dir: string, ...flags: string[]) =>
  runCli(['init', 'opencode', '--project', dir, '--hookwire', 'hookwire', ...flags], '', {
    HOOKWIRE_STATE_DIR: state,
  });
const guard = { type: 'command', command: 'true' };

describe.concurrent('hookwire init opencode', () => {
  it('writes a plugin for the events the hooks use, and --undo leaves the project as it was (its folders too)', async () => {
    const dir = project({ ...one('PreToolUse', guard), ...one('PreCompact', guard) });
    const before = readdirSync(dir);
    const installed = await init(dir);
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain('OpenCode has no PreCompact event');
    const text = readFileSync(plugin(dir), 'utf8');
    expect(text).toMatch(/^\/\/ Written by `hookwire init opencode`/);
    expect(text).toContain(
      `const COMMAND = ${JSON.stringify(`hookwire run --host opencode --settings ${join(dir, '.hookwire', 'hooks.json')}`)};`,
    );
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
    expect(printed.stdout).toContain(`# ${plugin(dir)}\n// Written by \`hookwire init opencode\``);
    expect(existsSync(plugin(dir))).toBe(false);
  });

  it("never writes over or removes a plugin of that name that is not hookwire's", async () => {
    const dir = project(one('PreToolUse', guard));
    mkdirSync(join(dir, '.opencode', 'plugins'), { recursive: true });
    writeFileSync(plugin(dir), 'export const Mine = async () => ({});\n');
    for (const flags of [[], ['--undo']]) {
      const result = await init(dir, ...flags);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain("is not hookwire's plugin");
    }
    expect(readFileSync(plugin(dir), 'utf8')).toBe('export const Mine = async () => ({});\n');
  });
});
