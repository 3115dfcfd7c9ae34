import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Host, SupportedHostInstall } from '../../src/hosts/host.js';
import { registeredHosts } from '../../src/hosts/registry.js';
import { runCli } from './run-cli.js';

/*
 * `hookwire init` is a dispatcher over the registry (src/hosts/host.ts, `HostInstall`): these cases hold for
 * whatever hosts are registered, read from their rows.
 */
const installable = registeredHosts().filter(
  (host): host is Host & { install: SupportedHostInstall } => host.install.supported === true,
);
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-init-dispatch-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('hookwire init over the registry', () => {
  it('--help has every installable host: its usage lines, its paragraph, its names', async () => {
    const { code, stdout } = await runCli(['init', '--help']);
    expect(code).toBe(0);
    for (const host of installable) {
      for (const line of host.install.usage) expect(stdout).toContain(`hookwire init ${line}\n`);
      expect(stdout).toContain(host.install.help);
      for (const name of [host.name, ...host.aliases]) expect(stdout).toContain(name);
    }
  });

  it('an unknown name is a usage error that lists the hosts init installs into', async () => {
    const { code, stderr } = await runCli(['init', 'no-such-agent', '--project', temporary]);
    expect(code).toBe(2);
    const refusal = stderr.split('\n')[0] ?? '';
    expect(refusal).toMatch(/^hookwire init: expected a host \(.*\), got no-such-agent$/);
    for (const host of installable) expect(refusal).toContain(host.name);
  });

  it('a host named first and another by --host is refused', async () => {
    const [first, second] = installable;
    const { code, stderr } = await runCli([
      'init',
      first?.name ?? '',
      '--host',
      second?.name ?? '',
      '--project',
      temporary,
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/name two hosts; give one\n/);
  });

  it("another host's option is refused, naming the host that takes it", async () => {
    const owner = installable.find((host) => Object.keys(host.install.options ?? {}).length > 0);
    const other = installable.find((host) => host.install.options === undefined);
    const option = Object.keys(owner?.install.options ?? {})[0];
    const value = owner?.install.options?.[option ?? '']?.type === 'string' ? ['x'] : [];
    const { code, stderr } = await runCli([
      'init',
      other?.name ?? '',
      `--${option}`,
      ...value,
      '--project',
      temporary,
    ]);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`hookwire init: --${option} is an option of \`init ${owner?.name}\``);
  });

  it('an alias names the host as its name does', async () => {
    const host = installable.find(
      (candidate) => candidate.aliases.length > 0 && candidate.name !== 'claude-code',
    );
    const byName = await runCli([
      'init',
      host?.name ?? '',
      '--project',
      temporary,
      '--print',
      '--hookwire',
      'hookwire',
    ]);
    const byAlias = await runCli([
      'init',
      host?.aliases[0] ?? '',
      '--project',
      temporary,
      '--print',
      '--hookwire',
      'hookwire',
    ]);
    expect(byAlias).toEqual(byName);
  });
});
