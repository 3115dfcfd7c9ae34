import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

/**
 * hookwire's state directory when `hookwire run` may keep session state and background results there, else
 * why not: a directory inside the project is refused, since what a repository carries (or a project's
 * settings `env` points at) must never decide which `once` hooks already ran or what context is injected.
 * Ownership and mode are checked at each use, by the code that reads and writes there.
 */
export function usableStateDirectory(
  directory: string,
  projectDir: string,
): { readonly directory: string } | { readonly refused: string } {
  const state = realOrResolved(directory);
  const project = realOrResolved(projectDir);
  const path = relative(project, state);
  if (path === '' || (!path.startsWith('..') && !isAbsolute(path))) {
    return {
      refused: `the state directory ${directory} is inside the project ${projectDir}; once, the Stop block cap and background results are not kept across events (set HOOKWIRE_STATE_DIR outside the project)`,
    };
  }
  return { directory };
}

/** The real path of `path`, or of its nearest existing parent with the rest appended. */
function realOrResolved(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = resolve(absolute, '..');
    return parent === absolute ? absolute : resolve(realOrResolved(parent), relative(parent, absolute));
  }
}
