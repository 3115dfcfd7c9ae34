import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hooksTrustStorePath,
  resolveProjectTrust,
  SessionTrust,
} from '../../../src/hosts/deepagents/workspace-trust.js';
import { runCli } from '../../cli/run-cli.js';

/*
 * `hookwire trust --host deepagents` as a real process: Deep Agents Code's own store
 * (~/.deepagents/.state/hooks_trust.json) written in its format, "always" by the canonical root, "once" by
 * the file's bytes; a workspace Deep Agents Code trusted is trusted by hookwire's Deep Agents session.
 */
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-da-trust-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-da-trust-state-'));
afterAll(() => {
  rmSync(temporary, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

let count = 0;
/** A git project with a Deep Agents Code hooks file, and a home of its own. */
function workspace(): { root: string; home: string; file: string } {
  const base = join(temporary, `case-${++count}`);
  const root = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, '.deepagents'));
  mkdirSync(home);
  const file = join(root, '.deepagents', 'hooks.json');
  writeFileSync(
    file,
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }),
  );
  return { root, home, file };
}

const trust = (home: string, ...args: string[]) =>
  runCli(['trust', '--host', 'deepagents', ...args], '', { HOOKWIRE_HOME: home, HOOKWIRE_STATE_DIR: state });

const trusted = (root: string, home: string) =>
  resolveProjectTrust({
    cwd: root,
    home,
    policy: { kind: 'interactive' },
    session: new SessionTrust(),
    hookwireStoreFile: join(state, 'trust.json'),
  }).then((answer) => answer.trusted);

describe('hookwire trust --host deepagents', () => {
  it('trusts the canonical root always, in Deep Agents Code’s store and format', async () => {
    const { root, home } = workspace();
    // From a subdirectory reached through a symbolic link: the root is the git root, links resolved.
    const link = join(temporary, `link-${count}`);
    symlinkSync(root, link);
    const result = await trust(home, '--project', join(link, 'src'), '--yes');
    expect(result.stdout).toContain('Stop');
    expect(result.stdout).toContain('echo done');
    expect(result.code).toBe(0);
    const store = hooksTrustStorePath(home);
    const text = readFileSync(store, 'utf8');
    expect(text).toMatch(
      new RegExp(
        `^\\{\\n  "projects": \\{\\n    ${JSON.stringify(root).replace(/[/\\\\]/g, '\\$&')}: \\{\\n      "trusted_at": "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}\\+00:00"\\n    \\}\\n  \\},\\n  "version": 1\\n\\}\\n$`,
      ),
    );
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, '.deepagents', '.state')).mode & 0o777).toBe(0o700);
    expect(await trusted(root, home)).toBe(true);
    // "Always allow" is by path: an edit stays trusted.
    writeFileSync(join(root, '.deepagents', 'hooks.json'), '{"hooks": {}}');
    expect(await trusted(root, home)).toBe(true);
    expect((await trust(home, '--project', root, '--yes')).stdout).toContain('trusted (always allow');
    expect((await trust(home, '--list')).stdout).toContain(root);
    expect((await trust(home, '--project', root, '--revoke')).code).toBe(0);
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ projects: {}, version: 1 });
    expect(await trusted(root, home)).toBe(false);
  });

  it('honours a workspace Deep Agents Code trusted, and never overwrites a store it cannot read', async () => {
    const { root, home } = workspace();
    const store = hooksTrustStorePath(home);
    mkdirSync(join(home, '.deepagents', '.state'), { recursive: true });
    // As Deep Agents Code writes it (its "Always allow").
    writeFileSync(
      store,
      `${JSON.stringify({ projects: { [root]: { trusted_at: '2026-08-21T17:14:50.123456+00:00' } }, version: 1 }, null, 2)}\n`,
    );
    expect(await trusted(root, home)).toBe(true);
    expect((await trust(home, '--project', root)).stdout).toContain(
      'trusted (always allow, 2026-08-21T17:14:50.123456+00:00)',
    );
    writeFileSync(store, '{"projects": {}, "version": 2}');
    const refused = await trust(home, '--project', root, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('was left as it is');
    expect(readFileSync(store, 'utf8')).toBe('{"projects": {}, "version": 2}');
    expect(await trusted(root, home)).toBe(false);
  });

  it('trusts once for the file’s exact bytes, and asks for --yes without a terminal', async () => {
    const { root, home, file } = workspace();
    const asked = await trust(home, '--project', root, '--once');
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('run again with --yes');
    expect(await trusted(root, home)).toBe(false);
    expect((await trust(home, '--project', root, '--once', '--yes')).code).toBe(0);
    expect(await trusted(root, home)).toBe(true);
    writeFileSync(
      file,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'curl evil' }] }] } }),
    );
    expect(await trusted(root, home)).toBe(false);
  });
});
