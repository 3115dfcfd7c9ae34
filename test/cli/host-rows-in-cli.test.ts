import { describe, expect, it } from 'vitest';
import { BUILT_IN_COMMANDS } from '../../src/cli/command-table.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { claudeCodeHost } from '../../src/hosts/claude-code/claude-code-host.js';
import type { Host } from '../../src/hosts/host.js';
import { registeredHosts, registerHost } from '../../src/hosts/registry.js';
import { runCli } from './run-cli.js';

/*
 * What a host adds to the CLI comes from its registry row (`Host.commands`, `Host.trust`), never from code of
 * the CLI's naming the host (test/architecture/host-names.test.ts): each row's command is reachable and
 * listed, and `trust --host` reaches exactly the hosts with a trust store of their own.
 */
const hostCommands = registeredHosts().flatMap((host) =>
  Object.entries(host.commands ?? {}).map(([name, command]) => ({ host, name, command })),
);
const withTrust = registeredHosts().filter((host) => host.trust !== undefined);
const withoutTrust = registeredHosts().filter((host) => host.trust === undefined);

describe("the hosts' own commands", () => {
  it('never take the name of a command of hookwire or of another host', () => {
    const names = hostCommands.map(({ name }) => name);
    expect(names.filter((name) => name in BUILT_IN_COMMANDS)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(0);
  });

  it("are listed in `hookwire --help` after hookwire's own", async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    const listed = help.stdout.split('\n').flatMap((line) => /^ {2}(\S+) {2,}/.exec(line)?.[1] ?? []);
    expect(listed).toEqual([...Object.keys(BUILT_IN_COMMANDS), ...hostCommands.map(({ name }) => name)]);
  });

  it.each(hostCommands.map(({ name, command }) => [name, command] as const))(
    '%s: its row loads it and the CLI reaches it',
    async (name, command) => {
      expect(typeof (await command.load())).toBe('function');
      // Each answers --help or its own usage error; none is hookwire's "unknown command" (exit 2).
      const result = await runCli([name, '--help']);
      expect(`${result.stdout}${result.stderr}`).not.toContain('unknown command');
      expect(result.code).not.toBe(2);
    },
  );

  it('an unknown command is still refused with the usage', async () => {
    const result = await runCli(['no-such-command']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "no-such-command"');
  });

  it('registerHost refuses a host whose command another host adds', () => {
    const [taken] = hostCommands;
    if (taken === undefined) throw new Error('no host adds a command');
    const copy: Host = {
      ...claudeCodeHost,
      name: 'commands-copy',
      aliases: [],
      commands: { [taken.name]: taken.command },
    };
    expect(() => registerHost(copy)).toThrow(HookwireError);
    expect(() => registerHost(copy)).toThrow(`command "${taken.name}"`);
  });
});

describe('hookwire trust --host NAME', () => {
  it('has a line of usage for each host with a trust store of its own', async () => {
    const help = await runCli(['trust', '--help']);
    expect(help.code).toBe(0);
    for (const host of withTrust) expect(help.stdout).toContain(`hookwire trust ${host.trust?.usage}`);
    expect(withTrust.length).toBeGreaterThan(0);
  });

  it.each(withoutTrust.map((host) => host.name))(
    'refuses %s, which has none, as a usage error (exit 2)',
    async (name) => {
      const result = await runCli(['trust', '--host', name, '--list']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--host ${name}: hookwire trust writes hookwire's own store`);
    },
  );

  it('refuses a name no host has as a usage error that lists the hosts', async () => {
    const result = await runCli(['trust', '--host', 'nosuch', '--list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--host "nosuch" names no host');
  });

  it("refuses a host's own option without --host", async () => {
    const options = withTrust.flatMap((host) => Object.keys(host.trust?.options ?? {}));
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      const alone = await runCli(['trust', `--${option}`, '--list']);
      expect(alone.code).toBe(2);
      expect(alone.stderr).toContain(`--${option} goes with --host`);
    }
  });
});
