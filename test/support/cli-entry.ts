import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The CLI the tests spawn: the build (dist/cli.js) when it is at least as new as every source file, else the
 * sources through tsx. `npm test` builds first, so its runs take the build: a process from the sources costs
 * about four times the CPU of the built one (tsx compiles the CLI on every start), which on a 2-core machine
 * is most of the suite's time. `npx vitest run FILE` after editing a source file runs the sources, so a test
 * never runs a stale build. Both are the same code: the build is bundled from these sources.
 */
const repository = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = join(repository, 'dist', 'cli.js');
const BUILT_BIN = join(repository, 'dist', 'hookwire.cjs');

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIsFresh(): boolean {
  if (process.env.HOOKWIRE_TEST_CLI === 'source') return false;
  if (!existsSync(BUILT)) return false;
  const built = statSync(BUILT).mtimeMs;
  return newestModification(join(repository, 'src')) <= built;
}

/** Whether the spawned CLI is the build (`HOOKWIRE_TEST_CLI=source` forces the sources). */
export const CLI_IS_BUILT = buildIsFresh();

const SOURCES: readonly string[] = [
  '--import',
  join(repository, 'node_modules', 'tsx', 'dist', 'loader.mjs'),
  join(repository, 'src/cli/main.ts'),
];

/** Node's arguments before the CLI's own: the built CLI, or the sources through tsx (by path: any cwd works). */
export const CLI_ENTRY: readonly string[] = CLI_IS_BUILT ? [BUILT] : SOURCES;

/*
 * Node's arguments before `run ...`: built, the package's bin (dist/hookwire.cjs), which is what an agent
 * spawns on every event: it dispatches `run` to the one-file CommonJS run bundle before loading anything
 * else, at about 60% of the CPU of dist/cli.js's `run` (many ES modules). Other commands load dist/cli.js
 * either way. The bin keeps a V8 code cache under $XDG_CACHE_HOME (runCli gives it a directory of the test
 * process's own).
 */
export const CLI_RUN_ENTRY: readonly string[] = CLI_IS_BUILT ? [BUILT_BIN] : SOURCES;
