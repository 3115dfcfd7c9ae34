import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedEnvFile, parseEnvFile } from './parse-env-file.js';

/** The variable that names the session's environment file to the hooks that may append to it. */
export const ENV_FILE_VARIABLE = 'CLAUDE_ENV_FILE';

/** The file a firing's hooks get, or why they get none. */
export type EnvFileGrant = { readonly path: string } | { readonly warning: string };

const NO_VARIABLES: ParsedEnvFile = Object.freeze({ variables: Object.freeze({}), warnings: [] });

/**
 * The sessions' environment files (CLAUDE_ENV_FILE). Each session gets `<state>/session-env/<session>/env.sh`,
 * the directory 0700 and the file 0600, created the first time one of its events offers the file, and
 * removed at the session's end and at `removeAll()`. `<state>` is the engine's `stateDir`, or a directory
 * made under the system's temporary directory on first use (and removed with the rest).
 *
 * When the host already names a file (`CLAUDE_ENV_FILE` in its environment: `hookwire run` started by
 * Claude Code), hooks get the host's file, so that the host applies what they write; hookwire reads it but
 * never creates or removes it.
 */
export class SessionEnvFiles {
  private readonly created = new Map<string, string>();
  private ownedStateDirectory: string | undefined;

  constructor(
    private readonly stateDirectory: string | undefined,
    private readonly hostFile: string | undefined,
    /** Whether hooks get a file of the engine's when the host names none (EngineOptions.envFile). */
    private readonly ownFiles = true,
  ) {}

  /** Whether the hooks of an event that offers the file get one: the host's, or one of the engine's. */
  get offered(): boolean {
    return this.hostFile !== undefined || this.ownFiles;
  }

  /** Whether any session holds a file hookwire made (checked before the cheap paths of `fire`). */
  get active(): boolean {
    return this.created.size > 0;
  }

  /** The file for the hooks of `sessionId`, created now if need be; a warning when it cannot be. */
  grant(sessionId: string): EnvFileGrant {
    if (this.hostFile !== undefined) return { path: this.hostFile };
    const known = this.created.get(sessionId);
    if (known !== undefined) return { path: known };
    let path = '';
    try {
      const directory = join(this.sessionsDirectory(), directoryNameOf(sessionId));
      path = join(directory, 'env.sh');
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      closeSync(openSync(path, 'a', 0o600));
    } catch (cause) {
      const where = path === '' ? 'in the state directory' : path;
      return {
        warning: `cannot create the session's environment file ${where}: ${messageOf(cause)}; its hooks run without ${ENV_FILE_VARIABLE}`,
      };
    }
    this.created.set(sessionId, path);
    return { path };
  }

  /** What the session's file sets now (nothing when it has none), with a warning per refused line. */
  read(sessionId: string): ParsedEnvFile {
    const path = this.hostFile ?? this.created.get(sessionId);
    if (path === undefined) return NO_VARIABLES;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (cause) {
      // The host's file may not exist until a hook appends to it.
      if (this.hostFile !== undefined && (cause as NodeJS.ErrnoException).code === 'ENOENT')
        return NO_VARIABLES;
      return {
        variables: {},
        warnings: [`${path}: cannot read the session's environment file: ${messageOf(cause)}`],
      };
    }
    return parseEnvFile(text, path);
  }

  /** Removes the session's directory, if hookwire made one; a warning when it cannot. */
  remove(sessionId: string): string | undefined {
    const path = this.created.get(sessionId);
    if (path === undefined) return undefined;
    this.created.delete(sessionId);
    return removeDirectory(join(path, '..'));
  }

  /** Removes every session's directory, and the state directory when hookwire made it; warnings for failures. */
  removeAll(): string[] {
    const warnings = [...this.created.keys()].map((sessionId) => this.remove(sessionId));
    if (this.ownedStateDirectory !== undefined) warnings.push(removeDirectory(this.ownedStateDirectory));
    this.ownedStateDirectory = undefined;
    return warnings.filter((warning) => warning !== undefined);
  }

  private sessionsDirectory(): string {
    if (this.stateDirectory !== undefined) return join(this.stateDirectory, 'session-env');
    this.ownedStateDirectory ??= mkdtempSync(join(tmpdir(), 'hookwire-state-'));
    return join(this.ownedStateDirectory, 'session-env');
  }
}

function removeDirectory(directory: string): string | undefined {
  try {
    rmSync(directory, { recursive: true, force: true });
    return undefined;
  } catch (cause) {
    return `cannot remove the session environment directory ${directory}: ${messageOf(cause)}`;
  }
}

/** A session id as one safe path segment: no separators, no `.` or `..`. */
function directoryNameOf(sessionId: string): string {
  return sessionId.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
