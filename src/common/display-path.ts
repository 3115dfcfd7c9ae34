import { isAbsolute, relative } from 'node:path';

/** A file path as shown to people: relative to `cwd` when it lies below it, else as given. */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const shown = relative(cwd, file);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? file : shown;
}
