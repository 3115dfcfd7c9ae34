import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../../common/display-path.js';
import { isInsideDirectory } from '../../common/is-inside-directory.js';
import { renderTable } from '../../common/render-table.js';
import { visibleText } from '../../common/visible-text.js';
import { wrapLines } from '../../common/wrap-lines.js';
import { HookwireError } from '../../errors/hookwire-error.js';
import type { Host, HostInstallOption, HostTrust } from '../../hosts/host.js';
import { hostNamed, registeredHosts } from '../../hosts/registry.js';
import { recordTrust } from '../../settings/record-trust.js';
import { reviewFile } from '../../settings/review-file.js';
import {
  describeUntrustedReason,
  realPathOf,
  sha256Hex,
  trustedForProject,
} from '../../settings/trust-check.js';
import {
  readTrustStore,
  type TrustEntry,
  type TrustStore,
  trustStorePath,
} from '../../settings/trust-store.js';
import { unreadableStoreError, updateTrustStore } from '../../settings/update-trust-store.js';
import { CommandInputError, exitForUsageError } from '../command-input.js';
import { confirm } from '../trust/confirm.js';
import { renderReview } from '../trust/render-review.js';
import { projectDirectory, type TrustTarget, trustTargets } from '../trust/trust-targets.js';

/** `trust --help`: hookwire's own store, then each host's own (`Host.trust`), from the registry. */
function help(): string {
  const hosts = hostsWithOwnTrust().map(({ trust }) => trust);
  return `Usage: hookwire trust [--project DIR] [--settings FILE]... [--plugin DIR]... [--yes]
       hookwire trust --list
       hookwire trust --revoke [--project DIR] [--settings FILE]...
${hosts.map((trust) => `       hookwire trust ${trust.usage}\n`).join('')}
Hooks that come with a repository (.claude/settings.json, .claude/settings.local.json, .hookwire/hooks.json,
settings files in the project that \`hookwire run --settings\` loads, and the plugins the project's settings
enable or that \`--plugin\` names) run only once you trust them, and
only as long as they do not change. \`trust\` shows every hook those files would run (for a file trusted
before, what changed), asks, and records the SHA-256 of each file's content in the trust store
($HOOKWIRE_STATE_DIR, else $XDG_STATE_HOME/hookwire, else ~/.local/state/hookwire: trust.json).

--project DIR      The project (default: the current directory).
--settings FILE    Also review this settings file (repeatable).
--plugin DIR       Also review this plugin's hooks files (repeatable; docs/plugins.md).
--yes              Trust without asking (after showing the hooks). Without a terminal, required.
--list             List the trusted files and whether each is still as trusted.
--revoke           Forget the project's files (every trusted file under DIR), or the --settings files.
${hosts.map((trust) => `\n${trust.help}\n`).join('')}`;
}

/** `hookwire trust`: review and trust a project's hooks, list or revoke trust. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        settings: { type: 'string', multiple: true },
        plugin: { type: 'string', multiple: true },
        yes: { type: 'boolean', short: 'y' },
        list: { type: 'boolean' },
        revoke: { type: 'boolean' },
        host: { type: 'string' },
        ...hostTrustOptions(),
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(help());
      return 0;
    }
    if (positionals.length > 0) throw new CommandInputError(`unexpected argument ${positionals[0]}`);
    if (values.list && values.revoke) throw new CommandInputError('--list and --revoke do not go together');
    if (values.host !== undefined) return await trustInHost(values.host, values as TrustValues);
    const hostOption = Object.keys(hostTrustOptions()).find(
      (option) => (values as TrustValues)[option] !== undefined,
    );
    if (hostOption !== undefined)
      throw new CommandInputError(`--${hostOption} goes with --host ${hostsWithTrust()}`);
    const storeFile = trustStorePath();
    if (values.list) return list(storeFile);
    const cwd = process.cwd();
    const projectDir = projectDirectory(values.project);
    if (values.revoke) return await revoke(storeFile, projectDir, values.settings ?? [], cwd);
    const plugins = values.plugin ?? [];
    return await trust(storeFile, projectDir, values.settings ?? [], plugins, cwd, values.yes === true);
  } catch (error) {
    if (error instanceof HookwireError) {
      process.stderr.write(`hookwire trust: ${error.message}\n`);
      return 1;
    }
    return exitForUsageError('trust', help(), error);
  }
}

/** The command line's options, hookwire's and the hosts' (`Host.trust.options`). */
type TrustValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

/** The host `--host` names; an unknown name is a usage error, as every other wrong option. */
function hostByName(name: string): Host {
  try {
    return hostNamed(name);
  } catch (error) {
    throw new CommandInputError(error instanceof Error ? error.message : String(error));
  }
}

/** The hosts that keep a trust store of their own (`Host.trust`), each by the name `--host` takes. */
function hostsWithOwnTrust(): { readonly name: string; readonly trust: HostTrust }[] {
  return registeredHosts().flatMap((host) =>
    host.trust === undefined ? [] : [{ name: host.name, trust: host.trust }],
  );
}

/** Every host's own trust options (`Host.trust.options`), which `parseArgs` accepts beside hookwire's. */
function hostTrustOptions(): Record<string, HostInstallOption> {
  return Object.assign({}, ...hostsWithOwnTrust().map(({ trust }) => trust.options ?? {}));
}

/** Those hosts' names, as a refusal lists them. */
function hostsWithTrust(): string {
  return hostsWithOwnTrust()
    .map(({ name }) => name)
    .join(' or ');
}

/** `trust --host NAME`: the host's own trust store, with its own options; other hosts' are refused. */
async function trustInHost(name: string, values: TrustValues): Promise<number> {
  const host = hostByName(name);
  if (host.trust === undefined)
    throw new CommandInputError(
      `--host ${name}: hookwire trust writes hookwire's own store, or a host's own with --host ${hostsWithTrust()}`,
    );
  if (values.settings !== undefined || values.plugin !== undefined)
    throw new CommandInputError(
      `--settings and --plugin are hookwire trust options, not --host ${name} ones`,
    );
  const own = host.trust.options ?? {};
  const foreign = Object.keys(hostTrustOptions()).find(
    (option) => !(option in own) && values[option] !== undefined,
  );
  if (foreign !== undefined) throw new CommandInputError(`--${foreign} is not an option of --host ${name}`);
  const trustCommand = await host.trust.load();
  return trustCommand({
    projectDir: projectDirectory(typeof values.project === 'string' ? values.project : undefined),
    yes: values.yes === true,
    list: values.list === true,
    revoke: values.revoke === true,
    values: Object.fromEntries(
      Object.keys(own).map((option) => [option, values[option] as string | boolean | undefined]),
    ),
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    confirm: process.stdin.isTTY === true ? confirm : undefined,
    columns: process.stdout.isTTY ? process.stdout.columns : Number.POSITIVE_INFINITY,
  });
}

async function trust(
  storeFile: string,
  projectDir: string,
  settings: readonly string[],
  plugins: readonly string[],
  cwd: string,
  yes: boolean,
): Promise<number> {
  const targets = trustTargets(projectDir, settings, cwd, plugins);
  if (targets.length === 0) {
    process.stdout.write(`hookwire trust: no hooks files in ${projectDir}; nothing to trust\n`);
    return 0;
  }
  const store = storeOrThrow(storeFile);
  // A project's own file that resolves outside it (a link to another project's) is never trusted for it.
  const outside = targets.filter(
    (target) => target.level !== 'plugin' && !isInsideDirectory(realPathOf(target.file), projectDir),
  );
  for (const target of outside) {
    process.stderr.write(
      `hookwire trust: ${visibleText(displayPath(target.file, cwd))}: ${visibleText(describeUntrustedReason({ kind: 'outside', now: realPathOf(target.file), project: projectDir }))}; not trusted\n`,
    );
  }
  const reviews = targets
    .filter((target) => !outside.includes(target))
    .map((target) => reviewFile(target.file, target.level, store, projectDir));
  const refused = outside.length > 0 ? 1 : 0;
  const pending = reviews.filter((review) => review.status !== 'trusted');
  for (const review of reviews.filter((item) => item.status === 'trusted')) {
    process.stdout.write(`${visibleText(displayPath(review.file, cwd))}: trusted, unchanged\n`);
  }
  const gone = goneEntries(store, projectDir, targets);
  if (pending.length === 0 && gone.length === 0) return refused;
  const width = process.stdout.isTTY ? process.stdout.columns : Number.POSITIVE_INFINITY;
  for (const [file, entry] of gone) {
    const hooks = `${entry.hooks.length} ${entry.hooks.length === 1 ? 'hook' : 'hooks'}`;
    const line = `${visibleText(displayPath(file, cwd))}: deleted, or no longer named by its plugin's manifest, since you trusted it on ${visibleText(entry.trustedAt)}: its ${hooks} no longer run, and are forgotten\n`;
    process.stdout.write(wrapLines(line, width));
  }
  process.stdout.write(pending.map((review) => renderReview(review, cwd, width)).join('\n'));
  const question =
    pending.length === 0
      ? 'Forget these files, whose hooks no longer run?'
      : pending.length === 1
        ? 'Trust this file and let hookwire run its hooks?'
        : `Trust these ${pending.length} files and let hookwire run their hooks?`;
  if (!yes) {
    if (!process.stdin.isTTY) {
      process.stderr.write(
        'hookwire trust: nothing trusted: there is no terminal to ask on; review the hooks above and run again with --yes\n',
      );
      return 1;
    }
    if (!(await confirm(question))) {
      process.stdout.write('hookwire trust: nothing trusted\n');
      return 1;
    }
  }
  await recordTrust(storeFile, pending, { forget: gone.map(([file]) => file), project: projectDir });
  for (const review of pending) {
    process.stdout.write(
      `trusted ${visibleText(displayPath(review.file, cwd))} (sha256 ${review.sha256.slice(0, 12)}…)\n`,
    );
  }
  return refused;
}

/**
 * The store's files trusted for the project that are gone from its trusted set: deleted, or a plugin's file
 * its manifest no longer names (under a plugin directory reviewed now, not among the targets). Until the user
 * has seen them go, their events block (docs/trust.md, "The trusted set").
 */
function goneEntries(
  store: TrustStore,
  projectDir: string,
  targets: readonly TrustTarget[],
): Array<[string, TrustEntry]> {
  const roots = [
    ...new Set(
      targets.flatMap((target) => (target.pluginRoot === undefined ? [] : [realPathOf(target.pluginRoot)])),
    ),
  ];
  const files = new Set(targets.flatMap((target) => [target.file, realPathOf(target.file)]));
  return Object.entries(store.files).filter(([file, entry]) => {
    if (!trustedForProject(entry, entry.realpath, projectDir) || files.has(file) || files.has(entry.realpath))
      return false;
    return !existsSync(file) || roots.some((root) => isInsideDirectory(entry.realpath, root));
  });
}

function list(storeFile: string): number {
  const store = storeOrThrow(storeFile);
  const rows = Object.entries(store.files).map(([file, entry]) => {
    const status = !existsSync(file)
      ? 'missing'
      : sha256Of(file) !== entry.sha256
        ? 'changed: not run'
        : realPathOf(file) !== entry.realpath
          ? 'resolves elsewhere: not run'
          : 'trusted';
    return [visibleText(file), visibleText(entry.trustedAt), String(entry.hooks.length), status];
  });
  process.stdout.write(`trust store: ${storeFile}\n`);
  if (rows.length === 0) process.stdout.write('no trusted files\n');
  else process.stdout.write(renderTable(['FILE', 'TRUSTED AT', 'HOOKS', 'NOW'], rows));
  return 0;
}

async function revoke(
  storeFile: string,
  projectDir: string,
  settings: readonly string[],
  cwd: string,
): Promise<number> {
  const named = settings.flatMap((value) => [resolve(cwd, value), realPathOf(resolve(cwd, value))]);
  const revoked: string[] = [];
  await updateTrustStore(storeFile, (store) => {
    const files = Object.fromEntries(
      Object.entries(store.files).filter(([file]) => {
        const drop = settings.length > 0 ? named.includes(file) : isUnder(file, projectDir);
        if (drop) revoked.push(file);
        return !drop;
      }),
    );
    return { ...store, files };
  });
  if (revoked.length === 0) process.stdout.write('hookwire trust: no trusted files to revoke\n');
  for (const file of revoked) process.stdout.write(`revoked ${visibleText(displayPath(file, cwd))}\n`);
  return 0;
}

function storeOrThrow(storeFile: string): TrustStore {
  const reading = readTrustStore(storeFile);
  if (reading.problem !== undefined) throw unreadableStoreError(storeFile, reading);
  return reading.store;
}

function sha256Of(file: string): string | undefined {
  try {
    return sha256Hex(readFileSync(file));
  } catch {
    return undefined;
  }
}

function isUnder(file: string, directory: string): boolean {
  const path = relative(directory, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}
