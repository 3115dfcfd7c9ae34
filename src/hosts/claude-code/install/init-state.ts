import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { isInsideDirectory } from '../../../common/is-inside-directory.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { assertConfined } from '../../../install/confined-path.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { CLAUDE_DIRECTORY } from '../../../settings/settings-locations.js';

/** Where `hookwire init` keeps its backups and state, relative to the project. */
export const STATE_DIRECTORY = '.hookwire';
/** The record of what `hookwire init` wrote, relative to the project. */
export const STATE_FILE = join(STATE_DIRECTORY, 'init.json');
/** The Claude Code settings files init rewrites, relative to the project: the only ones a state may name. */
const REWRITABLE_SETTINGS = [join('.claude', 'settings.json'), join('.claude', 'settings.local.json')];
/** Backups of the settings files as they were before `hookwire init` first changed them. */
export const BACKUP_DIRECTORY = join(STATE_DIRECTORY, 'backup');

/**
 * `.hookwire/.gitignore`: the backups and the state hold the settings files' text, personal ones
 * (`settings.local.json`, its `env`) included, and serve only the machine that ran init.
 */
export const STATE_GITIGNORE = join(STATE_DIRECTORY, '.gitignore');
export const STATE_GITIGNORE_TEXT = 'backup/\ninit.json\n';

/** One settings file `hookwire init` rewrote; paths relative to the project. */
export interface RewrittenFile {
  readonly settings: string;
  readonly backup: string;
  /**
   * The text init wrote: an undo restores the backup byte for byte while the file still reads so, and tells
   * hooks added since from those init left there when it does not.
   */
  readonly written: string;
  /** The file did not exist before init (no backup): undo removes it while it reads as init wrote it. */
  readonly created?: boolean;
}

/** `.hookwire/init.json`: what `hookwire init` did, so that a later init adds to it and `--undo` reverts it. */
export interface InitState {
  readonly hooksFile: string;
  readonly hooksFileSha256: string;
  /**
   * The hooks file was there before init, which only added the entries that call it (`planHooksFileEntries`):
   * undo leaves it.
   */
  readonly hooksFileKept?: boolean;
  readonly files: readonly RewrittenFile[];
  /** Which of `initDirectories` existed before init first ran (undo removes the others when empty). */
  readonly existingDirectories?: readonly string[];
}

/**
 * The directories init may create for its files, innermost first: the backups', the hooks file's, its own,
 * and Claude Code's, for a settings file init creates (`planHooksFileEntries`).
 */
export function initDirectories(hooksFile: string): string[] {
  return [BACKUP_DIRECTORY, dirname(hooksFile), STATE_DIRECTORY, CLAUDE_DIRECTORY];
}

/** The SHA-256 of a text, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The state of a project, or undefined when `hookwire init` has not changed it (or it was undone). */
export function readInitState(projectDir: string): InitState | undefined {
  const path = join(projectDir, STATE_FILE);
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    value = undefined;
  }
  const files = isJsonObject(value) ? value.files : undefined;
  if (!isJsonObject(value) || typeof value.hooksFile !== 'string' || !Array.isArray(files)) {
    throw new CommandInputError(`${STATE_FILE} is not a state file written by hookwire init`);
  }
  // The state can come with the repository: every path in it is one init or --undo writes or removes.
  assertConfined(projectDir, value.hooksFile, `${join(projectDir, STATE_FILE)}: hooksFile`);
  files.forEach((entry, index) => {
    const where = `${join(projectDir, STATE_FILE)}: files[${index}]`;
    if (!isJsonObject(entry) || typeof entry.settings !== 'string' || typeof entry.backup !== 'string')
      throw new CommandInputError(`${where} is not an entry written by hookwire init`);
    if (!REWRITABLE_SETTINGS.includes(normalize(entry.settings)))
      throw new CommandInputError(
        `${where}.settings: ${JSON.stringify(entry.settings)} is not a settings file init rewrites (${REWRITABLE_SETTINGS.join(', ')}); nothing was written`,
      );
    if (!isInsideDirectory(join(projectDir, entry.backup), join(projectDir, BACKUP_DIRECTORY)))
      throw new CommandInputError(
        `${where}.backup: ${JSON.stringify(entry.backup)} is not in ${BACKUP_DIRECTORY}; nothing was written`,
      );
    assertConfined(projectDir, entry.settings, `${where}.settings`);
    assertConfined(projectDir, entry.backup, `${where}.backup`);
  });
  return value as unknown as InitState;
}

/** The text of a state file. */
export function stateText(state: InitState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}
