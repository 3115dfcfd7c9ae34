import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isInsideDirectory } from '../common/is-inside-directory.js';
import type { SourceLevel } from './configured-hook.js';
import { realPathOf } from './trust-check.js';

/**
 * Whether hooks from sources that arrive with a repository must be trusted (`hookwire trust`) before they
 * run: `require` checks them against the trust store, `off` runs every source. The host decides: the engine
 * defaults to `off`, `hookwire run` requires trust (docs/trust.md).
 */
export type TrustMode = 'require' | 'off';

/**
 * What an untrusted source does to the events its hooks would have run on, under `trust: 'require'`:
 * `block` (the default) fails closed, blocking every such event that can block with the file, why it is
 * untrusted and the command that trusts it as the reason; `skip` runs the event without them, telling the
 * user in a system message. An untrusted file never runs either way (docs/trust.md).
 */
export type UntrustedPolicy = 'block' | 'skip';

/**
 * Which sources need trust, by level: `always` (a repository can carry them), `never` (the user's or the
 * administrator's own), or `inside-project` (files named by the caller: they need trust when they lie in the
 * project, because there a clone put them). A table, so that a new level (plugins) must choose.
 */
const TRUST_BY_LEVEL: Record<SourceLevel, 'always' | 'never' | 'inside-project'> = {
  managed: 'never',
  user: 'never',
  project: 'always',
  // A settings.local.json is meant to stay uncommitted, but a repository can commit one: just as foreign.
  local: 'always',
  // A plugin follows the level that enabled it (`trustAs`); one that names none is treated as foreign.
  plugin: 'always',
  // `hookwire run --settings FILE` is written in the project's .claude/settings.json (`hookwire init`).
  explicit: 'inside-project',
  deepagents: 'never',
  inline: 'never',
  code: 'never',
};

/**
 * True when the hooks of `source` must be trusted before they run (under `require`). The rule depends only on
 * the source's level (or the level it is trusted as: a plugin enabled in user settings is the user's, one
 * enabled by a project's settings is the project's, one named by `--plugin` is explicit) and its path.
 */
export function sourceNeedsTrust(
  source: { level: SourceLevel; file: string; trustAs?: SourceLevel | undefined },
  projectDir: string,
): boolean {
  const rule = TRUST_BY_LEVEL[source.trustAs ?? source.level];
  if (rule !== 'inside-project') return rule === 'always';
  // A project directory that does not resolve (missing, or spelt in another case or normalisation than the
  // directory on disk) cannot tell inside from outside: the file needs trust rather than run unchecked.
  return isInsideProject(source.file, projectDir) ?? true;
}

/**
 * Whether `file` lies in the project directory: as given, or on real paths both sides (the project's file
 * named through a symlink is still its). Undefined when it is not inside as given and the project directory
 * does not resolve, so that no one can tell.
 */
export function isInsideProject(file: string, projectDir: string): boolean | undefined {
  if (isInsideDirectory(file, projectDir)) return true;
  const project = realDirectoryOf(projectDir);
  return project === undefined ? undefined : isInsideDirectory(realFileOf(file), project);
}

/**
 * Why the trust store at `file` must not be believed for a project: one inside the project directory could
 * have come with the repository (or an `env` its settings set), trusting its own hooks. A project that holds
 * the home directory (the home directory itself, opened as a project) holds every file of the user, so
 * there the rule says nothing. Undefined: no objection.
 */
export function trustStoreInsideProject(
  file: string,
  projectDir: string,
  homeDir: string,
): { problem: string; fix: string } | undefined {
  if (isInsideProject(file, projectDir) !== true || isInsideProject(homeDir, projectDir) === true)
    return undefined;
  return {
    problem: `lies inside the project directory ${projectDir}, where a repository could have put it`,
    fix: 'point HOOKWIRE_STATE_DIR (or XDG_STATE_HOME) outside the project',
  };
}

/** The real path of an existing directory; undefined when it cannot be resolved. */
function realDirectoryOf(directory: string): string | undefined {
  try {
    return realpathSync.native(directory);
  } catch {
    return undefined;
  }
}

/** The file's real path, or (a file not there yet) its directory's real path and its name. */
function realFileOf(file: string): string {
  const real = realPathOf(file);
  if (real !== file) return real;
  const directory = realDirectoryOf(dirname(file));
  return directory === undefined ? file : join(directory, basename(file));
}
