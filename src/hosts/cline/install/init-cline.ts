import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { projectHooksEvents } from '../../../install/project-hooks-events.js';
import { putBackFile } from '../../../install/put-back-file.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import type { HostInstallOptions } from '../../host.js';
import { CLINE_EVENTS, type ClineEvent } from '../cline-events.js';
import { clineHost } from '../cline-host.js';
import { clineHookFile, HOOK_FILE_MARKER } from './cline-hook-file.js';

/** Where Cline 3.0.65 finds a project's hook files (docs/hosts/cline.md), relative to the project. */
export const CLINE_HOOKS_DIRECTORY = join('.cline', 'hooks');

/**
 * `hookwire init cline`: writes one executable file per Cline event the project's hooks use into the
 * project's `.cline/hooks/` (`PreToolUse`, `TaskStart`, ...), each handing the event to `hookwire run --host
 * cline --settings <hooks file>` (cline-hook-file.ts, beside this file). Running it again rewrites them for
 * the hooks file as it is now, and removes hookwire's files of events it no longer uses. A file of the same
 * name that is not hookwire's (its second line says so) is the user's own hook: init writes nothing and says
 * which, since Cline would run both. `--undo` removes hookwire's files, and `.cline/hooks/` and `.cline/`
 * when init created them, so the project is as it was. Returns the exit code.
 */
export function initCline(options: HostInstallOptions): number {
  const directory = join(options.projectDir, CLINE_HOOKS_DIRECTORY);
  const fileOf = (event: ClineEvent) => join(directory, event);
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const ours = (text: string | undefined) => text?.split('\n')[1]?.startsWith(HOOK_FILE_MARKER) === true;
  const all = Object.keys(CLINE_EVENTS) as ClineEvent[];
  const wanted = options.undo ? [] : wantedEvents(options);
  const foreign = wanted.filter((event) => {
    const text = read(fileOf(event));
    return text !== undefined && !ours(text);
  });
  if (foreign.length > 0) {
    throw new CommandInputError(
      `${foreign.map(fileOf).join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not hookwire's: Cline would run ${foreign.length === 1 ? 'it' : 'them'} beside hookwire's; move ${foreign.length === 1 ? 'it' : 'them'} into a hook of the hooks file (or to another of Cline's hooks directories) and run init again`,
    );
  }
  const hookwire = options.undo
    ? ''
    : userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const command = `${hookwire} run --host cline --settings ${quoteShellWord(options.hooksPath)}`;
  const stale = all.filter((event) => !wanted.includes(event) && ours(read(fileOf(event))));
  if (options.print) {
    for (const event of wanted)
      options.out(`# ${fileOf(event)}\n${clineHookFile(clineHost, event, command, options.version)}`);
    for (const event of stale) options.out(`# ${fileOf(event)}\n(removed)\n`);
    return 0;
  }
  // Removed in reverse order of the events, so the directories init created go with the last file.
  for (const event of [...stale].reverse()) {
    const file = fileOf(event);
    putBackFile(
      file,
      read(file),
      () => undefined,
      () => false,
    );
    options.err(`hookwire init: removed ${file}\n`);
  }
  if (options.undo) {
    if (stale.length === 0) options.err(`hookwire init: found no hookwire hook files in ${directory}\n`);
    return 0;
  }
  for (const event of wanted) {
    const file = fileOf(event);
    writeIfChanged(
      file,
      read(file),
      clineHookFile(clineHost, event, command, options.version),
      options.err,
      false,
    );
    // Cline runs a hook file by its shebang, but lists only files; executable as its documentation asks.
    chmodSync(file, 0o755);
  }
  options.err(`hookwire init: Cline runs hookwire for ${wanted.join(', ')} (${directory})\n`);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Cline', options.err);
  return 0;
}

/** The Cline events the project's hooks use; hooks of events Cline has no file for are listed. */
function wantedEvents(options: HostInstallOptions): ClineEvent[] {
  const used = projectHooksEvents(options.hooksPath, 'cline');
  const events = Object.values(CLINE_EVENTS) as string[];
  for (const event of used.filter((name) => !events.includes(name))) {
    options.err(`hookwire init: Cline has no ${event} event; its hooks do not run under Cline\n`);
  }
  return (Object.keys(CLINE_EVENTS) as ClineEvent[]).filter((event) => used.includes(CLINE_EVENTS[event]));
}
