import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { quoteShellWord } from '../../../deepagents/shell-words.js';
import { checkTrust } from '../../../settings/trust-check.js';
import { readTrustStore, trustStorePath } from '../../../settings/trust-store.js';
import { CommandInputError } from '../../command-input.js';
import { clientOnPath, installedClient } from '../../daemon/installed-client.js';
import { isJsonObject } from '../stay-reason.js';
import { CODEX_EVENTS, type CodexEvent, isCodexEvent } from './codex-events.js';
import { withCodexTrust } from './codex-trust-table.js';
import { isHookwireCodexHandler, parseHooksJson, planCodexHooks } from './plan-codex-hooks.js';

export interface InitCodexOptions {
  readonly projectDir: string;
  /** The project's hooks file, absolute. */
  readonly hooksPath: string;
  readonly hookwire: string | undefined;
  readonly print: boolean;
  readonly undo: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly cliPath: string;
  readonly version: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Codex's user configuration directory: `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return resolve(env.CODEX_HOME || join(homedir(), '.codex'));
}

/**
 * `hookwire init codex`: one hookwire group per event the project's hooks use, in Codex's user hooks.json
 * (`$CODEX_HOME/hooks.json`), each calling `hookwire run --host codex <Event>`, and the trust Codex needs to
 * run them (`[hooks.state]` hashes in `$CODEX_HOME/config.toml`; without them Codex skips the hooks and says
 * nothing). User-level because a project's `.codex/hooks.json` is read only in a project Codex trusts, which
 * would also trust the project's own config.toml; `hookwire run --host codex` finds the project's hooks file
 * from the session's directory, and hookwire's own trust guards that file (docs/hosts/codex.md).
 * Returns the exit code.
 */
export function initCodex(options: InitCodexOptions): number {
  const home = codexHome(options.env);
  const hooksJson = join(home, 'hooks.json');
  const configToml = join(home, 'config.toml');
  const hooksText = existsSync(hooksJson) ? readFileSync(hooksJson, 'utf8') : undefined;
  const configText = existsSync(configToml) ? readFileSync(configToml, 'utf8') : '';

  const events = options.undo ? [] : wantedEvents(options, hooksJson, hooksText);
  const command = (event: CodexEvent): string => `${invocation(options)} run --host codex ${event}`;
  const plan = planCodexHooks(hooksJson, hooksText, events, command);
  const config = withCodexTrust(configToml, configText, plan.installed, plan.removed);

  if (options.print) {
    options.out(plan.text);
    const tables = plan.installed.map(
      ({ key, hash }) => `[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = ${JSON.stringify(hash)}\n`,
    );
    if (tables.length > 0) options.out(`\n# ${configToml}\n${tables.join('')}`);
    return 0;
  }
  const changed = [
    writeIfChanged(hooksJson, hooksText, plan.text, options.err),
    writeIfChanged(configToml, existsSync(configToml) ? configText : undefined, config, options.err),
  ].some(Boolean);
  if (options.undo) {
    options.err(`hookwire init: ${changed ? 'removed' : 'found no'} hookwire hooks in ${hooksJson}\n`);
    return 0;
  }
  options.err(
    `hookwire init: Codex runs hookwire for ${events.join(', ')} (${hooksJson}, trusted in ${configToml})\n`,
  );
  warnIfUntrusted(options);
  return 0;
}

/**
 * The events to install: those the project's hooks use that Codex has, and those already installed (they
 * serve the other projects on this machine). Hooks for an event Codex lacks are listed: they never run
 * under Codex.
 */
function wantedEvents(
  options: InitCodexOptions,
  hooksJson: string,
  hooksText: string | undefined,
): CodexEvent[] {
  if (!existsSync(options.hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${options.hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseHooksJson(options.hooksPath, readFileSync(options.hooksPath, 'utf8'));
  const used = isJsonObject(document.hooks) ? Object.keys(document.hooks) : [];
  for (const event of used.filter((name) => !isCodexEvent(name))) {
    options.err(`hookwire init: Codex has no ${event} event; its hooks do not run under Codex\n`);
  }
  const installed = hooksText === undefined ? {} : parseHooksJson(hooksJson, hooksText).hooks;
  const already = Object.entries(isJsonObject(installed) ? installed : {})
    .filter(
      ([, groups]) =>
        Array.isArray(groups) &&
        groups.some(
          (group) =>
            isJsonObject(group) && Array.isArray(group.hooks) && group.hooks.some(isHookwireCodexHandler),
        ),
    )
    .map(([event]) => event);
  return CODEX_EVENTS.filter((event) => used.includes(event) || already.includes(event));
}

/**
 * How Codex's entries call hookwire: `--hookwire`, else this installation by absolute path (Codex's hooks
 * file serves every project, so a project-relative path would not do), its native client where it has one.
 * Gemini CLI's entries call it the same way.
 */
export function invocation(
  options: Pick<InitCodexOptions, 'hookwire' | 'cliPath' | 'version' | 'env'>,
): string {
  if (options.hookwire !== undefined) return options.hookwire;
  if (options.cliPath.split('/').includes('_npx')) return `npx --yes hookwire@${options.version}`;
  const client = installedClient(options.cliPath);
  if (client.kind !== 'missing')
    return clientOnPath(client, options.env.PATH) ? 'hookwire-client' : quoteShellWord(client.path);
  return quoteShellWord(options.cliPath);
}

/** Writes `next` when it differs, atomically, keeping a backup of the file as it was before hookwire first changed it. */
export function writeIfChanged(
  file: string,
  current: string | undefined,
  next: string,
  err: (text: string) => void,
): boolean {
  if (current === next) return false;
  const backup = `${file}.before-hookwire`;
  if (current !== undefined && !existsSync(backup)) {
    copyFileSync(file, backup);
    err(`hookwire init: kept ${file} as it was in ${backup}\n`);
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(file), `.${Date.now()}-${process.pid}.hookwire-tmp`);
  const mode = current === undefined ? 0o600 : statSync(file).mode & 0o777;
  writeFileSync(temporary, next, { mode, flag: 'wx' });
  renameSync(temporary, file);
  return true;
}

/** An untrusted hooks file fails closed under `hookwire run`: every guarded event of the host would be blocked. */
export function warnIfUntrusted(options: Pick<InitCodexOptions, 'hooksPath' | 'err'>): void {
  const store = trustStorePath();
  const trusted = checkTrust(
    readTrustStore(store),
    store,
    options.hooksPath,
    readFileSync(options.hooksPath),
  ).trusted;
  if (!trusted) {
    options.err(
      `hookwire init: ${options.hooksPath} is not trusted yet, so the events it guards are blocked until you review it: hookwire trust ${quoteShellWord(options.hooksPath)}\n`,
    );
  }
}
