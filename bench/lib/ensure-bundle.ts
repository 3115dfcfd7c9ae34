import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    const modified = entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, modified);
  }
  return newest;
}

/**
 * The path of the bundled CLI, built with `npx tsup` first when it is missing or older than any source file,
 * so that cold start is never measured against a stale bundle. Returns an Error when the build fails.
 */
export function ensureBundle(): string | Error {
  const bundle = join(ROOT, 'dist', 'cli.js');
  const stale = !existsSync(bundle) || statSync(bundle).mtimeMs < newestModification(join(ROOT, 'src'));
  if (!stale) return bundle;
  try {
    execFileSync('npx', ['tsup'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    return new Error(`npx tsup failed: ${output.trim().split('\n').slice(-5).join(' ')}`);
  }
  return existsSync(bundle) ? bundle : new Error('npx tsup produced no dist/cli.js');
}
