import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built command line: the `hookwire` bin as package.json declares it, and the run bundle beside it. */
export interface BuiltCli {
  /** What `hookwire` runs once installed: package.json's `bin.hookwire`, absolute. */
  readonly bin: string;
  /** `hookwire run`'s single-file bundle, which the bin loads (tsup.config.ts). */
  readonly runBundle: string;
}

function newestModification(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    newest = Math.max(newest, newestModification(join(path, entry.name)));
  }
  return newest;
}

/**
 * The built bin and run bundle, built with `npx tsup` first when missing or older than any source file, the
 * build config or package.json, so that cold start is never measured against a stale build. Returns an Error
 * when the build fails.
 */
export function ensureBundle(): BuiltCli | Error {
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    bin: { hookwire: string };
  };
  const bin = join(ROOT, packageJson.bin.hookwire);
  const built = { bin, runBundle: join(dirname(bin), 'hookwire-run.cjs') };
  const sources = ['src', 'tsup.config.ts', 'package.json'].map((path) => join(ROOT, path));
  const oldestOutput = () => Math.min(...[built.bin, built.runBundle].map((file) => statSync(file).mtimeMs));
  const stale =
    !existsSync(built.bin) ||
    !existsSync(built.runBundle) ||
    oldestOutput() < Math.max(...sources.map(newestModification));
  if (!stale) return built;
  try {
    execFileSync('npx', ['tsup'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    return new Error(`npx tsup failed: ${output.trim().split('\n').slice(-5).join(' ')}`);
  }
  return existsSync(built.bin) && existsSync(built.runBundle)
    ? built
    : new Error(`npx tsup produced no ${packageJson.bin.hookwire} or run bundle`);
}
