import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitShellWords } from '../../src/common/shell-words.js';
import { userLevelInvocation } from '../../src/install/user-level-install.js';
import { runCli } from './run-cli.js';

/*
 * What init and fire print is what works: the trust command init codex prints runs as printed, a user-level
 * entry never names a client only npx's PATH can find, and fire in an untrusted project does not say "no hook
 * matched" above a deny.
 */
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-say-what-works-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function untrustedProject(name: string): { dir: string; hooksFile: string } {
  const dir = join(temporary, name);
  mkdirSync(join(dir, '.hookwire'), { recursive: true });
  mkdirSync(join(dir, '.git'));
  const hooksFile = join(dir, '.hookwire', 'hooks.json');
  writeFileSync(
    hooksFile,
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
    }),
  );
  return { dir, hooksFile };
}

describe('init codex on an untrusted hooks file', () => {
  it('prints a trust command that works as printed', async () => {
    const { dir, hooksFile } = untrustedProject('codex');
    const env = { CODEX_HOME: join(temporary, 'codex-home'), HOOKWIRE_STATE_DIR: join(temporary, 'state') };
    const init = await runCli(['init', 'codex', '--project', dir, '--hookwire', 'hookwire'], '', env);
    expect(init.code).toBe(0);
    const printed = /blocked until you review it: (hookwire trust .*)$/m.exec(init.stderr)?.[1];
    expect(printed).toBeDefined();
    const words = splitShellWords(printed ?? '') ?? [];
    expect(words.slice(0, 2)).toEqual(['hookwire', 'trust']);
    // As printed, confirmed with --yes (the prompt's answer; stdin is no terminal here).
    const trust = await runCli([...words.slice(1), '--yes'], '', env);
    expect(trust.stderr).not.toMatch(/unexpected|usage/i);
    expect(trust.code).toBe(0);
    const list = await runCli(['trust', '--list'], '', env);
    expect(list.stdout).toContain(hooksFile);
  });
});

describe('the command a user-level entry calls', () => {
  /** An installation in a project's node_modules, its client linked from node_modules/.bin as npm does. */
  function installation(): { cliPath: string; client: string; bin: string } {
    const modules = join(temporary, 'project', 'node_modules');
    const packageDir = join(modules, 'hookwire');
    mkdirSync(join(packageDir, 'dist'), { recursive: true });
    mkdirSync(join(packageDir, 'bin'), { recursive: true });
    mkdirSync(join(modules, '.bin'), { recursive: true });
    const client = join(packageDir, 'bin', 'hookwire-client');
    writeFileSync(client, '#!/usr/bin/env node\n', { mode: 0o755 });
    symlinkSync(client, join(modules, '.bin', 'hookwire-client'));
    return { cliPath: join(packageDir, 'dist', 'hookwire.cjs'), client, bin: join(modules, '.bin') };
  }
  const { cliPath, client, bin } = installation();

  it('is the client by absolute path when only npx’s node_modules/.bin has it on PATH', () => {
    expect(userLevelInvocation(undefined, cliPath, '0.1.0', { PATH: `${bin}:/usr/bin:/bin` })).toBe(client);
  });

  it('is the bare name when a directory the host also has on PATH finds this client', () => {
    const global = join(temporary, 'global-bin');
    mkdirSync(global);
    symlinkSync(client, join(global, 'hookwire-client'));
    expect(userLevelInvocation(undefined, cliPath, '0.1.0', { PATH: `${global}:/usr/bin` })).toBe(
      'hookwire-client',
    );
  });
});

describe('fire in an untrusted project', () => {
  it('says that no hook ran and that the deny is hookwire’s own, not "no hook matched"', async () => {
    const dir = join(temporary, 'fire');
    mkdirSync(join(dir, '.claude'), { recursive: true });
    mkdirSync(join(dir, '.git'));
    writeFileSync(
      join(dir, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
      }),
    );
    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });
    const result = await runCli(['fire', 'PreToolUse', '--cwd', dir, '--payload', payload], '', {
      HOOKWIRE_STATE_DIR: join(temporary, 'fire-state'),
      HOME: join(temporary, 'fire-home'),
    });
    expect(result.stdout).not.toContain('no hook matched');
    expect(result.stdout).toContain('PreToolUse: no hook ran; hookwire itself decides deny (reason below)');
    expect(result.stdout).toContain('decision: DENY');
  });
});
