import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { CLI_ENTRY, CLI_RUN_ENTRY } from '../support/cli-entry.js';
import { trustFiles } from '../support/trust-files.js';

/** The repository root: hook commands in the fixtures are relative to it through $CLAUDE_PROJECT_DIR. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI (test/support/cli-entry.ts: the fresh build, else the sources; `run` through the package's
 * bin; or `entry`) as a real process in the repository root, feeding `stdin`, with `env` on top of this
 * process's environment.
 */
export function runCli(
  args: readonly string[],
  stdin = '',
  env: Readonly<Record<string, string>> = {},
  entry: readonly string[] = args[0] === 'run' ? CLI_RUN_ENTRY : CLI_ENTRY,
): Promise<CliResult> {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    // The bin's code cache in a directory of this test process, never the user's (nor a test's HOME).
    ...(args[0] === 'run' ? { XDG_CACHE_HOME: testCacheDirectory() } : {}),
    ...env,
    ...trustedRunSettings(args, env),
  };
  delete environment.HOOKWIRE_RUN_EVENTS;
  delete environment.CLAUDE_PROJECT_DIR;
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: root,
    env: environment,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let sharedStateDirectory: string | undefined;
let sharedCacheDirectory: string | undefined;

function testCacheDirectory(): string {
  sharedCacheDirectory ??= mkdtempSync(join(tmpdir(), 'hookwire-test-cache-'));
  return sharedCacheDirectory;
}

/**
 * Every command runs with a state directory of this test process (removed when it exits) unless `env` names
 * one: never the real one. `hookwire run` requires trust for settings files inside the project
 * (docs/trust.md), and the fixtures lie inside the repository these runs treat as the project: a `run` here
 * stands for a user who trusted its `--settings` files. test/trust/ checks what happens when they are not.
 */
function trustedRunSettings(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Record<string, string> {
  sharedStateDirectory ??= temporaryStateDirectory();
  const stateDirectory = env.HOOKWIRE_STATE_DIR ?? sharedStateDirectory;
  // Every command gets a state directory of the test's: `init` and `trust` write the trust store there.
  if (args[0] !== 'run') return { HOOKWIRE_STATE_DIR: stateDirectory };
  const files = args.flatMap((arg, index) =>
    arg === '--settings' && args[index + 1] !== undefined
      ? [args[index + 1] as string]
      : arg.startsWith('--settings=')
        ? [arg.slice('--settings='.length)]
        : [],
  );
  // Only files in the repository need it (hookInput's cwd): others leave the state directory untouched.
  const inside = files.map((file) => resolve(root, file)).filter((file) => file.startsWith(root));
  if (inside.length > 0) trustFiles(stateDirectory, inside);
  return { HOOKWIRE_STATE_DIR: stateDirectory };
}

function temporaryStateDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'hookwire-test-state-'));
}

// Registered when a test file imports this helper: its state directory goes with the file's tests.
afterAll(() => {
  if (sharedStateDirectory !== undefined) rmSync(sharedStateDirectory, { recursive: true, force: true });
  sharedStateDirectory = undefined;
  if (sharedCacheDirectory !== undefined) rmSync(sharedCacheDirectory, { recursive: true, force: true });
  sharedCacheDirectory = undefined;
});

/** A hook input as Claude Code writes it, run in the repository root. */
export function hookInput(event: string, fields: Record<string, unknown>): string {
  return `${JSON.stringify({ session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: root, hook_event_name: event, ...fields })}\n`;
}
