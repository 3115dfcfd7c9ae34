import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { isRecord } from '../../common/is-record.js';
import { isFile } from '../../common/path-kind.js';
import { checkTrust } from '../../settings/trust-check.js';
import { readTrustStore } from '../../settings/trust-store.js';
import { type TrustStoreFormat, updateTrustStoreFile } from '../../settings/trust-store-file.js';
import { pythonUtf8Error } from './python-json.js';

/*
 * Deep Agents Code's workspace trust for project hooks (upstream `trust.py`), in its own store so that
 * hookwire and Deep Agents Code read and write the same answers: `~/.deepagents/.state/hooks_trust.json`,
 * `{"projects": {"<canonical root>": {"trusted_at": "<UTC ISO>"}}, "version": 1}`, sorted keys, a trailing
 * newline, 0600 in a 0700 directory, written atomically under a lock (`<store>.lock`, 5 s) by hookwire's one
 * store writer (`src/settings/trust-store-file.ts`), this format its adapter. A corrupt or
 * unknown-version store counts as empty and is never overwritten. "Always allow" trusts the root's path
 * (it survives edits of the hooks file); "allow once" holds for this session and the SHA-256 of the file's
 * bytes only. Headless runs (`explicit_only`) ignore the store: only an explicit grant enables project hooks.
 */

/** The store's version. */
export const HOOKS_TRUST_VERSION = 1;
const LOCK_TIMEOUT_MS = 5_000;

/** The store file under `home`. */
export function hooksTrustStorePath(home: string): string {
  return join(home, '.deepagents', '.state', 'hooks_trust.json');
}

/** The user hooks file under `home`. */
export function userHooksPath(home: string): string {
  return join(home, '.deepagents', 'hooks.json');
}

/** The project hooks file of the canonical root `root`. */
export function projectHooksPath(root: string): string {
  return join(root, '.deepagents', 'hooks.json');
}

/** The canonical project root of `cwd`: the git root above it, else `cwd`, symbolic links resolved. */
export function canonicalProjectRoot(cwd: string): string {
  const start = realpathOr(cwd);
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, '.git'))) return directory;
    if (directory === parse(directory).root) return start;
  }
}

/** The roots the store trusts; a corrupt or unknown-version store is `corrupt` and trusts nothing. */
export interface HooksTrustReading {
  readonly projects: Readonly<Record<string, { readonly trusted_at: string }>>;
  readonly corrupt: boolean;
}

/** Reads the store at `file` (missing: empty). */
export function readHooksTrust(file: string): HooksTrustReading {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { projects: {}, corrupt: false };
  }
  // Bytes that are not UTF-8 fail the read, as upstream's decode does: corrupt, never overwritten.
  if (pythonUtf8Error(bytes) !== null) return { projects: {}, corrupt: true };
  const text = bytes.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || parsed.version !== HOOKS_TRUST_VERSION || !isRecord(parsed.projects))
      return { projects: {}, corrupt: true };
    const projects: Record<string, { trusted_at: string }> = {};
    for (const [root, entry] of Object.entries(parsed.projects))
      if (isRecord(entry) && typeof entry.trusted_at === 'string')
        projects[root] = { trusted_at: entry.trusted_at };
    return { projects, corrupt: false };
  } catch {
    return { projects: {}, corrupt: true };
  }
}

/** Upstream's `trusted_at`: UTC ISO 8601 with microseconds and `+00:00`. */
function trustedAt(now: Date): string {
  return now.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/** Trusts `root` always (persisted). False when the store is corrupt (it is left as it is) or locked. */
export async function trustProjectAlways(
  file: string,
  root: string,
  now: Date = new Date(),
): Promise<boolean> {
  return updateHooksTrust(file, (projects) => ({ ...projects, [root]: { trusted_at: trustedAt(now) } }));
}

/** Forgets `root` (Deep Agents Code asks again). False when the store is corrupt or locked. */
export async function untrustProject(file: string, root: string): Promise<boolean> {
  return updateHooksTrust(file, (projects) => {
    const { [root]: _removed, ...kept } = projects;
    return kept;
  });
}

type TrustedProjects = Readonly<Record<string, { readonly trusted_at: string }>>;

/**
 * Upstream's store (`trust.py`) as a format of hookwire's one store file (`updateTrustStoreFile`): sorted
 * keys, two-space indent, a trailing newline; a corrupt or unknown-version store is never overwritten; its
 * lock is upstream's FileLock file (`<store>.lock`, 5 s), which upstream leaves behind: one untouched for
 * longer than any write takes (10 s) is such a leftover, not a writer at work; its directory is created 0700
 * when missing and otherwise taken as it is.
 */
const DEEPAGENTS_TRUST_STORE: TrustStoreFormat<TrustedProjects> = {
  read: (file) => {
    const reading = readHooksTrust(file);
    return reading.corrupt ? { problem: 'is corrupt or of another version' } : { store: reading.projects };
  },
  serialize: (projects) => {
    const sorted = Object.fromEntries(
      Object.keys(projects)
        .sort()
        .map((key) => [key, projects[key]]),
    );
    return `${JSON.stringify({ projects: sorted, version: HOOKS_TRUST_VERSION }, null, 2)}\n`;
  },
  lock: { kind: 'leftover-file', waitMs: LOCK_TIMEOUT_MS, leftoverMs: 10_000 },
  directory: 'created',
};

/** Rewrites the store by `change`; false when it was left as it was (corrupt, or its lock held). */
async function updateHooksTrust(
  file: string,
  change: (projects: TrustedProjects) => TrustedProjects,
): Promise<boolean> {
  const update = await updateTrustStoreFile(file, DEEPAGENTS_TRUST_STORE, change);
  return update.refused === undefined;
}

/** SHA-256 of the file's bytes; null when it cannot be read. */
export function hooksFileDigest(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/** "Allow once" grants of one session: a root and the digest of its hooks file when granted. */
export class SessionTrust {
  readonly #grants = new Map<string, string>();

  /**
   * Grants `root` for the bytes whose SHA-256 is `digest` (default: the file's current bytes). A prompt
   * passes the digest of the bytes it showed, so a file changed while the user answered is not granted.
   */
  allowOnce(root: string, digest: string | null = hooksFileDigest(projectHooksPath(root))): void {
    if (digest !== null) this.#grants.set(root, digest);
  }

  /** The digest `root` is granted for this session, if any. */
  grantedDigest(root: string): string | undefined {
    return this.#grants.get(root);
  }

  /**
   * True when `root` was granted and its file still has the bytes it had then; `loadedDigest`, the digest
   * of the bytes a load actually read, is compared instead of the file's bytes now.
   */
  allows(root: string, loadedDigest?: string): boolean {
    const digest = this.#grants.get(root);
    return digest !== undefined && digest === (loadedDigest ?? hooksFileDigest(projectHooksPath(root)));
  }
}

/** The user's answer to the trust prompt. */
export type TrustAnswer = 'always_allow' | 'allow_once' | 'deny';

/** How trust is decided: interactively (store, session, then a prompt), or only by an explicit grant. */
export type TrustPolicy =
  | {
      readonly kind: 'interactive';
      readonly prompt?: (root: string, file: string) => Promise<TrustAnswer> | TrustAnswer;
    }
  | { readonly kind: 'explicit_only'; readonly granted: boolean };

/** A trust question for the project of `cwd`. */
export interface ProjectTrustRequest {
  readonly cwd: string;
  readonly home: string;
  readonly policy: TrustPolicy;
  readonly session: SessionTrust;
  /** Defaults to `hooksTrustStorePath(home)`. */
  readonly storeFile?: string;
  /**
   * hookwire's own trust store, where `hookwire trust --host deepagents --once` records the file's exact
   * bytes: a grant there trusts the project file while it keeps them. Default: none consulted.
   */
  readonly hookwireStoreFile?: string;
}

/** The answer. */
export interface ProjectTrust {
  readonly root: string;
  readonly projectFile: string;
  /** Project hooks may load. */
  readonly trusted: boolean;
  readonly prompted: boolean;
  /** The answer was written to the store. */
  readonly persisted: boolean;
  /** The project file is the user file (cwd is home): it loads once, as user configuration. */
  readonly isUserFile: boolean;
  /**
   * The SHA-256 of the bytes trusted when the trust is bound to the file's bytes ("allow once", hookwire's
   * `--once`), undefined when it is bound to the root's path (always allow) or to an explicit grant: a load
   * that reads other bytes must drop the project hooks (`loadDeepAgentsHooks`).
   */
  readonly digest?: string;
  /** Why the prompt could not be asked (it threw): trust failed closed; the caller tells the user once. */
  readonly promptFailed?: string;
}

/** True when the project hooks of `root` are trusted without asking. */
export function projectTrustAllows(
  root: string,
  policy: TrustPolicy,
  session: SessionTrust,
  storeFile: string,
  loadedDigest?: string,
): boolean {
  if (policy.kind === 'explicit_only') return policy.granted;
  return session.allows(root, loadedDigest) || Object.hasOwn(readHooksTrust(storeFile).projects, root);
}

/** Decides whether the project hooks of `request.cwd` load, asking when the policy may. */
export async function resolveProjectTrust(request: ProjectTrustRequest): Promise<ProjectTrust> {
  const root = canonicalProjectRoot(request.cwd);
  const projectFile = projectHooksPath(root);
  const storeFile = request.storeFile ?? hooksTrustStorePath(request.home);
  const base = { root, projectFile, prompted: false, persisted: false, isUserFile: false };
  if (!isFile(projectFile)) return { ...base, trusted: false };
  if (realpathOr(projectFile) === realpathOr(userHooksPath(request.home)))
    return { ...base, trusted: false, isUserFile: true };
  if (projectTrustAllows(root, request.policy, request.session, storeFile)) {
    const bound =
      request.policy.kind === 'interactive' &&
      !Object.hasOwn(readHooksTrust(storeFile).projects, root) &&
      request.session.allows(root);
    const digest = bound ? request.session.grantedDigest(root) : undefined;
    return { ...base, trusted: true, ...(digest === undefined ? {} : { digest }) };
  }
  if (
    request.policy.kind === 'interactive' &&
    request.hookwireStoreFile !== undefined &&
    grantedForTheseBytes(request.hookwireStoreFile, projectFile)
  ) {
    const digest = hooksFileDigest(projectFile);
    return { ...base, trusted: true, ...(digest === null ? {} : { digest }) };
  }
  if (request.policy.kind === 'explicit_only' || request.policy.prompt === undefined)
    return { ...base, trusted: false };
  // The bytes the prompt shows: an "allow once" grants these, not what the file holds after the answer.
  const shown = hooksFileDigest(projectFile);
  let answer: TrustAnswer;
  try {
    answer = await request.policy.prompt(root, projectFile);
  } catch (error) {
    return { ...base, prompted: true, trusted: false, promptFailed: (error as Error).message };
  }
  if (answer === 'deny') return { ...base, prompted: true, trusted: false };
  if (answer === 'allow_once') {
    request.session.allowOnce(root, shown);
    const trusted = request.session.allows(root);
    return { ...base, prompted: true, trusted, ...(trusted && shown !== null ? { digest: shown } : {}) };
  }
  const persisted = await trustProjectAlways(storeFile, root);
  if (persisted) return { ...base, prompted: true, trusted: true, persisted };
  request.session.allowOnce(root, shown);
  const trusted = request.session.allows(root);
  return {
    ...base,
    prompted: true,
    trusted,
    persisted,
    ...(trusted && shown !== null ? { digest: shown } : {}),
  };
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether hookwire's store trusts `file` for the bytes it has now (its SHA-256). */
function grantedForTheseBytes(storeFile: string, file: string): boolean {
  const reading = readTrustStore(storeFile);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return false;
  }
  return checkTrust(reading, storeFile, file, bytes).trusted;
}
