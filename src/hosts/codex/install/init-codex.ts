import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { guardMissingProgram, inPosixShell } from '../../../install/missing-program-guard.js';
import { putBackFile, putBackMessage } from '../../../install/put-back-file.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import {
  absolutePathNote,
  userLevelInvocation,
  warnIfUntrusted,
  writeIfChanged,
} from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import { CODEX_EVENTS, type CodexEvent, isCodexEvent } from './codex-events.js';
import { withCodexTrust } from './codex-trust-table.js';
import { isHookwireCodexHandler, parseHooksJson, planCodexHooks } from './plan-codex-hooks.js';

export type InitCodexOptions = HostInstallOptions;

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
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const command = (event: CodexEvent): string =>
    // Codex runs a hook's command with the user's login shell (`$SHELL -lc`), which may not be POSIX.
    inPosixShell(guardMissingProgram(`${hookwire} run --host codex ${event}`, hostNamed('codex'), event));
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
  const configBefore = existsSync(configToml) ? configText : undefined;
  if (options.undo) {
    const hooksWrite = (next: string) => writeIfChanged(hooksJson, hooksText, next, options.err, false);
    const configWrite = (next: string) => writeIfChanged(configToml, configBefore, next, options.err, false);
    // In the reverse order of init's writes: the directory init made for the first file ($CODEX_HOME) is
    // removed with it only once the second file has gone.
    const configPutBack = putBackFile(configToml, configBefore, () => config, configWrite);
    const hooksPutBack = putBackFile(hooksJson, hooksText, () => plan.text, hooksWrite);
    options.err(putBackMessage(hooksPutBack, hooksJson));
    options.err(putBackMessage(configPutBack, configToml));
    return 0;
  }
  writeIfChanged(hooksJson, hooksText, plan.text, options.err);
  writeIfChanged(configToml, configBefore, config, options.err);
  options.err(
    `hookwire init: Codex runs hookwire for ${events.join(', ')} (${hooksJson}, trusted in ${configToml})\n`,
  );
  const note = absolutePathNote(hookwire, hooksJson, 'Codex');
  if (note !== undefined) options.err(note);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Codex', options.err);
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
