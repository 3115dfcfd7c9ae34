import { isAbsolute, relative, sep } from 'node:path';

/**
 * True when `path` (absolute) is `directory` or lies below it, compared as the strings are (lexically: the
 * caller resolves symlinks when that matters). A name that merely starts with two dots (`..hooks.json`,
 * `..plug`) is inside; only a `..` segment leaves.
 */
export function isInsideDirectory(path: string, directory: string): boolean {
  const rest = relative(directory, path);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}
