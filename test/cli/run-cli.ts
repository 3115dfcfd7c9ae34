import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: hook commands in the fixtures are relative to it through $CLAUDE_PROJECT_DIR. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI from source (or `entry`, such as the build) as a real process in the repository root, feeding
 * `stdin`, with `env` on top of this process's environment.
 */
export function runCli(
  args: readonly string[],
  stdin = '',
  env: Readonly<Record<string, string>> = {},
  entry: readonly string[] = ['--import', 'tsx', 'src/cli/main.ts'],
): Promise<CliResult> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
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

/** A hook input as Claude Code writes it, run in the repository root. */
export function hookInput(event: string, fields: Record<string, unknown>): string {
  return `${JSON.stringify({ session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: root, hook_event_name: event, ...fields })}\n`;
}
