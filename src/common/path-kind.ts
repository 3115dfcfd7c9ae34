import { statSync } from 'node:fs';

/** Whether `path` is, after symbolic links, a directory; false for anything that cannot be stat'ed. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `path` is, after symbolic links, a regular file; false for anything that cannot be stat'ed. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
