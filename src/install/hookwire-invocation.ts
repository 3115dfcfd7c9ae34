import { sep } from 'node:path';
import { clientOnPath, installedClient } from './installed-client.js';

/**
 * How the catch-all entries call hookwire when `--hookwire` is not given, from where the running CLI lives:
 * a copy in the project's node_modules (a devDependency) is called there, through `$CLAUDE_PROJECT_DIR`, so
 * it works whatever PATH the agent has; a copy in npx's cache is gone when the cache is cleaned, so the
 * entries call `npx --yes hookwire@<this version>` (slow: npm starts on every event); anything else (a
 * global install, a checkout) is `hookwire`, found on PATH.
 *
 * Where the installation has `hookwire-client` (docs/daemon.md), the entries call it instead: the native
 * client where the platform has one, which hands the event to the warm daemon, and the Node CLI under that
 * name elsewhere, so one committed line is right on every teammate's machine. On PATH, only when the shell
 * would find this installation's client: a missing command exits 127, which lets the tool call through.
 */
export function hookwireInvocation(
  cliPath: string,
  projectDir: string,
  version: string,
  pathVariable: string | undefined = process.env.PATH,
): string {
  const client = installedClient(cliPath);
  if (cliPath.startsWith(`${projectDir}${sep}node_modules${sep}`)) {
    const name = client.kind === 'missing' ? 'hookwire' : 'hookwire-client';
    return `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/${name}`;
  }
  if (cliPath.split(sep).includes('_npx')) return `npx --yes hookwire@${version}`;
  return clientOnPath(client, pathVariable) ? 'hookwire-client' : 'hookwire';
}

/**
 * Whether `invocation` (what hookwireInvocation chose) runs this installation's native client, which delivers
 * the events the host does not wait for detached by itself (docs/daemon.md): their catch-alls need no shell
 * detach. The Node client under that name cannot (Node starts after the host's SIGTERM), so they keep it.
 */
export function clientDetachesItself(cliPath: string, invocation: string): boolean {
  return invocation.endsWith('hookwire-client') && installedClient(cliPath).kind === 'native';
}

/** Which path an event takes through `invocation`, for `init`'s report (`hookwire doctor` says more). */
export function eventPathOf(cliPath: string, invocation: string): string {
  if (!invocation.endsWith('hookwire-client')) return 'a Node start per event (hookwire run)';
  if (installedClient(cliPath).kind === 'native') return 'the native client and the warm daemon';
  return 'a Node start per event (hookwire-client is the Node client here: no native client was built or installed; `hookwire doctor` says why)';
}
