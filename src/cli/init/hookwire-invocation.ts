import { sep } from 'node:path';

/**
 * How the catch-all entries call hookwire when `--hookwire` is not given, from where the running CLI lives:
 * a copy in the project's node_modules (a devDependency) is called there, through `$CLAUDE_PROJECT_DIR`, so
 * it works whatever PATH the agent has; a copy in npx's cache is gone when the cache is cleaned, so the
 * entries call `npx --yes hookwire@<this version>` (slow: npm starts on every event); anything else (a
 * global install, a checkout) is `hookwire`, found on PATH.
 */
export function hookwireInvocation(cliPath: string, projectDir: string, version: string): string {
  if (cliPath.startsWith(`${projectDir}${sep}node_modules${sep}`)) {
    return '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire';
  }
  if (cliPath.split(sep).includes('_npx')) return `npx --yes hookwire@${version}`;
  return 'hookwire';
}
