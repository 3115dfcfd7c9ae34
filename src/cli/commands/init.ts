import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../common/version.js';
import type { Host, HostInstallOption, SupportedHostInstall } from '../../hosts/host.js';
import { hostNamed, registeredHosts } from '../../hosts/registry.js';
import { DEFAULT_HOOKS_FILE } from '../../install/default-hooks-file.js';
import { CommandInputError, exitForUsageError, workingDirectory } from '../command-input.js';
import { hostOption } from '../host-option.js';

/*
 * `hookwire init` knows no host: it finds the one named (first word, or --host) in the registry and runs the
 * installer of its `install` row (src/hosts/host.ts, `HostInstall`), importing it only then. Its help, the
 * options it accepts and the names it lists are the rows'.
 */

/** The options every host's `init` takes, and `--host`, `--help`. */
const SHARED_OPTIONS = {
  project: { type: 'string' },
  hooks: { type: 'string' },
  hookwire: { type: 'string' },
  print: { type: 'boolean' },
  undo: { type: 'boolean' },
  host: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const SHARED_HELP = `--project DIR   The project (default: the current directory).
--hooks FILE    The hooks file (default: .hookwire/hooks.json in the project).
--hookwire CMD  How the entries call hookwire (default: from where this hookwire is installed: the
                project's node_modules/.bin, npx, or \`hookwire\` on PATH).
--print         Write nothing; print the hooks the settings would get, one command per event.
--undo          Take hookwire out again, as each host's paragraph below says.
--host NAME     The host, instead of naming it first.`;

type Installable = Host & { readonly install: SupportedHostInstall };

/** The registered hosts `init` installs into, in the registry's order. */
function installableHosts(): Installable[] {
  return registeredHosts().filter((host): host is Installable => host.install.supported === true);
}

/** The hosts as the refusal of a name lists them: `claude-code (claude), codex (codex-cli), ...`. */
function installableList(): string {
  return installableHosts()
    .map((host) => (host.aliases.length === 0 ? host.name : `${host.name} (${host.aliases.join(', ')})`))
    .join(', ');
}

/** `hookwire init --help`, from every installable host's row. */
function initHelp(): string {
  const hosts = installableHosts();
  const usage = hosts
    .flatMap((host) => host.install.usage)
    .map((line, index) => `${index === 0 ? 'Usage: ' : '       '}hookwire init ${line}`);
  return `${usage.join('\n')}

A host is named by its name or an alias: ${installableList()}.

${SHARED_HELP}

${hosts.map((host) => host.install.help).join('\n\n')}
`;
}

/** Every host's own options, each with the hosts that take it. */
function hostOptions(): Map<string, { option: HostInstallOption; hosts: Host[] }> {
  const options = new Map<string, { option: HostInstallOption; hosts: Host[] }>();
  for (const host of installableHosts()) {
    for (const [name, option] of Object.entries(host.install.options ?? {})) {
      const entry = options.get(name) ?? { option, hosts: [] };
      entry.hosts.push(host);
      options.set(name, entry);
    }
  }
  return options;
}

/** The host a name or alias names, or undefined. */
function hostOrUndefined(name: string): Host | undefined {
  try {
    return hostNamed(name);
  } catch {
    return undefined;
  }
}

/** `hookwire init <host>` and `hookwire init --undo` (Claude Code's, the default host). */
export async function run(argv: string[]): Promise<number> {
  const help = initHelp();
  try {
    const ownOptions = hostOptions();
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ...Object.fromEntries([...ownOptions].map(([name, { option }]) => [name, option])),
        ...SHARED_OPTIONS,
      },
    });
    if (values.help) {
      process.stdout.write(help);
      return 0;
    }
    const chosen = hostOption(values.host as string | undefined, 'init');
    if (typeof chosen === 'number') return chosen;
    const projectDir = workingDirectory(values.project as string | undefined);
    const [name, ...extra] = positionals;
    const named = name === undefined ? undefined : hostOrUndefined(name);
    if (extra.length > 0 || (name !== undefined && named === undefined)) {
      throw new CommandInputError(`expected a host (${installableList()}), got ${positionals.join(' ')}`);
    }
    if (named !== undefined && values.host !== undefined && named !== chosen) {
      throw new CommandInputError(`\`${name}\` and --host ${chosen.name} name two hosts; give one`);
    }
    const host = named ?? chosen;
    if (host.install.supported !== true) {
      process.stderr.write(`hookwire init: ${host.displayName}: ${host.install.supported.reason}\n`);
      return 1;
    }
    if (named === undefined && values.host === undefined && values.undo !== true)
      throw new CommandInputError('expected `claude` or --undo');
    for (const [option, { hosts }] of ownOptions) {
      if (
        (values as Record<string, unknown>)[option] !== undefined &&
        host.install.options?.[option] === undefined
      ) {
        const owners = hosts.map((owner) => `\`init ${owner.name}\``).join(' and ');
        throw new CommandInputError(`--${option} is an option of ${owners}`);
      }
    }
    const install = await host.install.load();
    return await install({
      projectDir,
      hooksPath: resolve(projectDir, (values.hooks as string | undefined) ?? DEFAULT_HOOKS_FILE),
      hookwire: values.hookwire as string | undefined,
      print: values.print === true,
      undo: values.undo === true,
      values,
      env: process.env,
      cliPath: runningCli(),
      version,
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } catch (error) {
    return exitForUsageError('init', help, error);
  }
}

/** The real path of the running CLI script, to tell a global install from npx or a project's copy. */
function runningCli(): string {
  const script = process.argv[1];
  try {
    return script ? realpathSync(script) : '';
  } catch {
    return script ?? '';
  }
}
