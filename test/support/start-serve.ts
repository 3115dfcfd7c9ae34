import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from './cli-entry.js';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;

/** A `hookwire serve` process started from source, and what it printed. */
export interface StartedServe {
  readonly child: ChildProcessWithoutNullStreams;
  /** The address once serve printed it; null when it exited first. */
  readonly listening: Promise<string | null>;
  readonly exited: Promise<number | null>;
  /** What serve wrote on stderr (its log: one line per request), the last megabytes of it. */
  readonly stderr: () => string;
}

/**
 * Starts `hookwire serve ARGS` from source (tsx), with `env` over this process's environment and no
 * HOOKWIRE_SERVE_TOKEN inherited from it, so a test names the token it means.
 */
export function startServe(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): StartedServe {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  delete environment.HOOKWIRE_SERVE_TOKEN;
  Object.assign(environment, env);
  const child = spawn(process.execPath, [...CLI_ENTRY, 'serve', ...args], {
    cwd: repository,
    env: environment,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  child.stdout.resume();
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const listening = new Promise<string | null>((resolve) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      // A soak writes a log line per request for minutes: keep the tail, not all of it.
      if (stderr.length > 4 * MB) stderr = stderr.slice(-MB);
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1] ?? null);
    });
    exited.then(() => resolve(null));
  });
  return { child, listening, exited, stderr: () => stderr };
}
