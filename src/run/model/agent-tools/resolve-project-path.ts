import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** A path the agent may read, or why it may not. */
export type ProjectPath =
  | { readonly ok: true; readonly absolute: string; readonly relative: string }
  | { readonly ok: false; readonly error: string };

/**
 * Resolves a path the model asked for (relative to the project, or absolute) and confines it to the
 * project. Checked twice: lexically, so `../` and outside absolute paths are refused without touching the
 * file system, then after realpath, so a symlink inside the project cannot lead outside it.
 * `projectRoot` must itself be a realpath.
 */
export async function resolveProjectPath(projectRoot: string, requested: string): Promise<ProjectPath> {
  if (requested.includes('\0')) return { ok: false, error: 'the path contains a NUL byte' };
  const lexical = path.resolve(projectRoot, requested);
  if (!isInside(projectRoot, lexical)) return { ok: false, error: outsideMessage(requested) };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      error:
        code === 'ENOENT' ? `no such file or directory: ${requested}` : `cannot access ${requested}: ${code}`,
    };
  }
  if (!isInside(projectRoot, real)) return { ok: false, error: outsideMessage(requested) };
  return { ok: true, absolute: real, relative: toPosix(path.relative(projectRoot, real)) || '.' };
}

/** True when `candidate` is `root` or below it. Both must be absolute and normalised. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Paths shown to the model use forward slashes on every platform. */
export function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

function outsideMessage(requested: string): string {
  return `refused: ${requested} is outside the project directory; agent hooks may only read files inside it`;
}
