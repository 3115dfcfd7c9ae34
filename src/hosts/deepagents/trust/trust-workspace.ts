import { existsSync, realpathSync } from 'node:fs';
import { renderTable } from '../../../common/render-table.js';
import { visibleText } from '../../../common/visible-text.js';
import { wrapLines } from '../../../common/wrap-lines.js';
import { recordTrust } from '../../../settings/record-trust.js';
import { reviewFile } from '../../../settings/review-file.js';
import { homeDirectory } from '../../../settings/settings-locations.js';
import { readTrustStore, trustStorePath } from '../../../settings/trust-store.js';
import { unreadableStoreError } from '../../../settings/update-trust-store.js';
import type { HostTrustOptions } from '../../host.js';
import { snapshotHooks } from '../hook-snapshot.js';
import { loadHooks } from '../load-hooks.js';
import {
  canonicalProjectRoot,
  hooksTrustStorePath,
  projectHooksPath,
  readHooksTrust,
  trustProjectAlways,
  untrustProject,
  userHooksPath,
} from '../workspace-trust.js';

/**
 * `hookwire trust --host deepagents`: the workspace trust of Deep Agents Code (upstream `trust.py`), in its
 * own store, `~/.deepagents/.state/hooks_trust.json`, written as Deep Agents Code writes it. The project's
 * `.deepagents/hooks.json` (at the canonical root: the git root, else the directory) is shown handler by
 * handler, then trusted "always" by its root path (what Deep Agents Code's "Always allow" records: edits
 * later are trusted too) or, with `--once`, for its exact bytes (Deep Agents Code's "Allow once" lasts one
 * session and is never stored; hookwire keeps the SHA-256 in its own trust store, which its Deep Agents
 * middleware honours until the file changes). `--list` lists the trusted roots, `--revoke` forgets the
 * project's. Returns the exit code.
 */
export async function trustWorkspace(options: HostTrustOptions): Promise<number> {
  const once = options.values.once === true;
  const home = homeDirectory(options.env);
  const storeFile = hooksTrustStorePath(home);
  if (options.list) return list(storeFile, options);
  const root = canonicalProjectRoot(options.projectDir);
  if (options.revoke) {
    const had = readHooksTrust(storeFile).projects[root] !== undefined;
    if (!had) {
      options.out(`hookwire trust: ${visibleText(root)} is not trusted in ${storeFile}\n`);
      return 0;
    }
    if (!(await untrustProject(storeFile, root))) return storeRefused(storeFile, options);
    options.out(`revoked ${visibleText(root)} (${storeFile})\n`);
    return 0;
  }
  const file = projectHooksPath(root);
  if (!existsSync(file)) {
    options.out(`hookwire trust: no ${file}; nothing to trust\n`);
    return 0;
  }
  if (realpathOr(file) === realpathOr(userHooksPath(home))) {
    options.out(
      `hookwire trust: ${file} is the user's own hooks file, which Deep Agents Code always loads\n`,
    );
    return 0;
  }
  const reading = readHooksTrust(storeFile);
  if (!once && reading.projects[root] !== undefined) {
    options.out(`${visibleText(file)}: trusted (always allow, ${reading.projects[root]?.trusted_at})\n`);
    return 0;
  }
  options.out(review(file, options.columns));
  const question = once
    ? 'Trust these hooks as they are now (until the file changes)?'
    : `Always trust the hooks of ${root} (later edits included), as Deep Agents Code's "Always allow"?`;
  if (!options.yes) {
    if (options.confirm === undefined) {
      options.err(
        'hookwire trust: nothing trusted: there is no terminal to ask on; review the hooks above and run again with --yes\n',
      );
      return 1;
    }
    if (!(await options.confirm(question))) {
      options.out('hookwire trust: nothing trusted\n');
      return 1;
    }
  }
  if (once) {
    const hookwireStore = trustStorePath(options.env);
    const store = readTrustStore(hookwireStore);
    if (store.problem !== undefined) throw unreadableStoreError(hookwireStore, store);
    const reviewed = reviewFile(file, 'project', store.store);
    await recordTrust(hookwireStore, [reviewed]);
    options.out(
      `trusted ${visibleText(file)} once (sha256 ${reviewed.sha256.slice(0, 12)}…, ${hookwireStore})\n`,
    );
    return 0;
  }
  if (reading.corrupt || !(await trustProjectAlways(storeFile, root)))
    return storeRefused(storeFile, options);
  options.out(`trusted ${visibleText(root)} always (${storeFile})\n`);
  return 0;
}

/** The handlers the file would run, as Deep Agents Code loads it, and its diagnostics. */
function review(file: string, width: number): string {
  const loaded = loadHooks([{ label: 'project', scope: 'project', path: file }]);
  const snapshot = snapshotHooks(loaded.config);
  const rows = Object.values(snapshot.handlers).flatMap((handlers) =>
    (handlers ?? []).map((entry) => [
      visibleText(entry.event),
      visibleText(entry.matcher || '*'),
      visibleText(
        entry.handler.argv === undefined ? entry.handler.command : JSON.stringify(entry.handler.argv),
      ),
    ]),
  );
  const problems = [...loaded.diagnostics, ...snapshot.diagnostics].map(
    (diagnostic) => `  ${diagnostic.code}: ${visibleText(diagnostic.message)}\n`,
  );
  const table = rows.length === 0 ? '  (no handlers)\n' : renderTable(['EVENT', 'MATCHER', 'COMMAND'], rows);
  return wrapLines(`${visibleText(file)}: ${rows.length} handler(s)\n${table}${problems.join('')}`, width);
}

function list(storeFile: string, options: HostTrustOptions): number {
  const reading = readHooksTrust(storeFile);
  if (reading.corrupt) {
    options.err(`hookwire trust: ${storeFile} is not a store Deep Agents Code reads (it trusts nothing)\n`);
    return 1;
  }
  const rows = Object.entries(reading.projects).map(([root, entry]) => [visibleText(root), entry.trusted_at]);
  options.out(
    rows.length === 0
      ? `no workspace is trusted in ${storeFile}\n`
      : renderTable(['ROOT', 'TRUSTED AT'], rows),
  );
  return 0;
}

function storeRefused(storeFile: string, options: HostTrustOptions): number {
  options.err(
    `hookwire trust: ${storeFile} was left as it is: it is corrupt or of another version (Deep Agents Code then trusts nothing and never overwrites it), or another writer holds its lock\n`,
  );
  return 1;
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
