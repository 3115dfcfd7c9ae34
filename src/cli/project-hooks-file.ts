import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where a project keeps its hooks for hosts whose own hooks file serves every project. */
const PROJECT_HOOKS = join('.hookwire', 'hooks.json');

/**
 * The hooks file of the project `cwd` is in: `.hookwire/hooks.json` in `cwd` or the nearest directory above
 * it that has one, looking no higher than the repository root (the first directory with `.git`), so that a
 * hooks file in a shared parent such as /tmp is never taken for the project's. Undefined when there is none.
 */
export function projectHooksFile(cwd: string): { projectDir: string; hooksFile: string } | undefined {
  let directory = cwd;
  for (;;) {
    const hooksFile = join(directory, PROJECT_HOOKS);
    if (existsSync(hooksFile)) return { projectDir: directory, hooksFile };
    const parent = dirname(directory);
    if (existsSync(join(directory, '.git')) || parent === directory) return undefined;
    directory = parent;
  }
}
