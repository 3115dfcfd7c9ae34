import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { quoteShellWord } from '../common/shell-words.js';
import { checkTrust } from '../settings/trust-check.js';
import { readTrustStore, trustStorePath } from '../settings/trust-store.js';
import { clientOnPath, installedClient } from './installed-client.js';
import { recordWrite, writeAtomically } from './put-back-file.js';

/*
 * What `hookwire init` shares for hosts it installs into at the user level (Codex, GitHub Copilot CLI): a
 * hooks file there serves every project, and `hookwire run --host NAME` finds the project's own hooks file
 * from the session's directory.
 */

/**
 * How a user-level entry calls hookwire: `hookwire` as given (`--hookwire`), else this installation by
 * absolute path (the file serves every project, so a project-relative path would not do), its native client
 * where it has one.
 */
export function userLevelInvocation(
  given: string | undefined,
  cliPath: string,
  version: string,
  env: NodeJS.ProcessEnv,
): string {
  if (given !== undefined) return given;
  if (cliPath.split('/').includes('_npx')) return `npx --yes hookwire@${version}`;
  const client = installedClient(cliPath);
  if (client.kind !== 'missing')
    return clientOnPath(client, hostPath(env.PATH)) ? 'hookwire-client' : quoteShellWord(client.path);
  return quoteShellWord(cliPath);
}

/**
 * PATH as the host will see it: without the `node_modules/.bin` directories npx and `npm run` put first,
 * which the agent's own PATH lacks. A bare `hookwire-client` found only there would exit 127 (command not
 * found) in the host, so the entry names the client by its absolute path instead.
 */
function hostPath(pathVariable: string | undefined): string {
  return (pathVariable ?? '')
    .split(delimiter)
    .filter((directory) => !/[\\/]node_modules[\\/]\.bin[\\/]?$/.test(directory))
    .join(delimiter);
}

/**
 * The line `init` prints when a user-level file it wrote calls hookwire by an absolute path: that file serves
 * every project of the user and outlives this installation, so the user is told which path it names and how
 * to name another. Undefined when the invocation is a command name (`hookwire`, `npx ...`).
 */
export function absolutePathNote(invocation: string, file: string, host: string): string | undefined {
  const unquoted = invocation.replace(/^'(.*)'$/, '$1');
  if (!unquoted.startsWith('/')) return undefined;
  return `hookwire init: ${file} now calls hookwire by its absolute path ${invocation}, for every project of this user: if this installation moves or is removed, ${host}'s hooks fail; run \`hookwire init ${host.toLowerCase().split(' ')[0]}\` again then, or give \`--hookwire hookwire\` to call the one on PATH\n`;
}

/**
 * Writes `next` when it differs, atomically, keeping a backup of the file as it was before hookwire first
 * changed it (unless `keepBackup` is false: a file that only ever held hookwire's own entries), and a record
 * of what it wrote (`recordWrite`), from which `init --undo` gives the original bytes back.
 */
export function writeIfChanged(
  file: string,
  current: string | undefined,
  next: string,
  err: (text: string) => void,
  keepBackup = true,
): boolean {
  if (current === next) return false;
  const backup = `${file}.before-hookwire`;
  if (keepBackup && current !== undefined && !existsSync(backup)) {
    copyFileSync(file, backup);
    err(`hookwire init: kept ${file} as it was in ${backup}\n`);
  }
  const createdDirectory = mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeAtomically(file, current, next);
  recordWrite(file, current, next, createdDirectory);
  return true;
}

/**
 * An untrusted hooks file fails closed under `hookwire run`: every guarded event of the host would be blocked.
 * The command it prints is one `hookwire trust` accepts as printed (`--project DIR --settings FILE`).
 */
export function warnIfUntrusted(
  hooksPath: string,
  projectDir: string,
  host: string,
  err: (text: string) => void,
): void {
  const store = trustStorePath();
  const trusted = checkTrust(readTrustStore(store), store, hooksPath, readFileSync(hooksPath)).trusted;
  if (!trusted) {
    const command = `hookwire trust --project ${quoteShellWord(projectDir)} --settings ${quoteShellWord(hooksPath)}`;
    err(
      `hookwire init: ${hooksPath} is not trusted yet, so ${host}'s guarded events are blocked until you review it: ${command}\n`,
    );
  }
}
