import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { isInsideDirectory } from '../common/is-inside-directory.js';
import { CommandInputError } from '../errors/command-input-error.js';

/*
 * Nothing a repository contains may choose a path that `hookwire init` or `init --undo` writes or removes: a
 * committed `.hookwire/init.json` naming `../.claude/settings.json` or `../.bash_login`, an absolute path, a
 * `~`, or a `.claude` directory that links to the user's own would make init replace files outside the
 * project. Every such path is checked here before anything is written (docs/trust.md, "What init writes").
 */

/**
 * Why `file` (relative to the project, as a state file or init names it) is not a path init may write, or
 * undefined: it must be relative, stay in the project by its segments, and resolve there through every
 * component that exists (a symlinked directory or file leaving the project is refused).
 */
export function confinementProblem(projectDir: string, file: string): string | undefined {
  if (file === '' || isAbsolute(file) || file.startsWith('~')) return 'is not a path relative to the project';
  const path = join(projectDir, file);
  if (!isInsideDirectory(path, projectDir) || normalize(file).split(sep).includes('..'))
    return 'leaves the project';
  let project: string;
  try {
    project = realpathSync.native(projectDir);
  } catch {
    return 'cannot be checked: the project directory does not resolve';
  }
  // The nearest component that exists, resolved: a link anywhere on the way that leaves the project is seen.
  let existing = path;
  for (;;) {
    try {
      lstatSync(existing);
      break;
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return 'cannot be checked';
      existing = parent;
    }
  }
  let real: string;
  try {
    real = realpathSync.native(existing);
  } catch {
    return 'is a link that does not resolve';
  }
  return isInsideDirectory(real, project) ? undefined : `resolves to ${real}, outside the project`;
}

/** Throws a located usage error when `file` is not a path init may write in the project (`where` names it). */
export function assertConfined(projectDir: string, file: string, where: string): void {
  const problem = confinementProblem(projectDir, file);
  if (problem !== undefined) {
    throw new CommandInputError(
      `${where}: ${JSON.stringify(file)} ${problem}: hookwire init writes only inside the project; nothing was written`,
    );
  }
}
