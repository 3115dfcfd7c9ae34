#!/usr/bin/env node
/*
 * The CLI entry point. Each command lives in its own module, imported only when invoked, so that the hot
 * path (`hookwire run`, spawned by an agent on every event) loads nothing it does not use.
 */
import { readFileSync } from 'node:fs';
import { ownValue } from '../common/own-value.js';
import { version } from '../common/version.js';
import type { HostCommand } from '../hosts/host.js';
import { BUILT_IN_COMMANDS } from './command-table.js';

/** What `hookwire NAME` runs: one of hookwire's own commands, else one a host adds, else undefined. */
async function commandNamed(name: string): Promise<((argv: string[]) => Promise<number>) | undefined> {
  // Own properties only: `hookwire constructor` names no command, not Object.prototype's.
  const own = ownValue(BUILT_IN_COMMANDS, name);
  if (own !== undefined) return async (argv) => (await own.load()).run(argv);
  const added = (await hostCommands()).get(name);
  if (added === undefined) return undefined;
  return async (argv) =>
    (await added.load())({
      argv,
      readStdin: () => readFileSync(0, 'utf8'),
      env: process.env,
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
}

/** The commands hosts add, by name, in the registry's order (the registry loaded only when asked). */
async function hostCommands(): Promise<Map<string, HostCommand>> {
  const { registeredHosts } = await import('../hosts/registry.js');
  return new Map(registeredHosts().flatMap((host) => Object.entries(host.commands ?? {})));
}

async function usage(): Promise<string> {
  const all = [...Object.entries(BUILT_IN_COMMANDS), ...(await hostCommands())];
  const width = Math.max(...all.map(([name]) => name.length));
  const lines = all.map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `hookwire ${version}: the hooks engine for AI agents\n\nUsage: hookwire <command> [options]\n\n${lines.join('\n')}\n\nRun \`hookwire <command> --help\` for a command's options.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await usage());
    return 0;
  }
  const command = await commandNamed(name);
  if (!command) {
    process.stderr.write(`hookwire: unknown command "${name}"\n\n${await usage()}`);
    return 2;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`hookwire: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
