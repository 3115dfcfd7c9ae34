import { spawn } from 'node:child_process';

/** How a whole process run went: its wall time from spawn to close, and what it answered. */
export interface ProcessRun {
  readonly durationMs: number;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Spawns a whole process, writes `input` on its stdin, and resolves when it has exited and its pipes closed.
 * `env` defaults to this process's environment.
 */
export function runProcess(
  file: string,
  args: readonly string[],
  input: string,
  cwd?: string,
  env?: NodeJS.ProcessEnv,
): Promise<ProcessRun> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: 'pipe', cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', (exitCode) =>
      resolve({ durationMs: performance.now() - start, exitCode, stdout, stderr }),
    );
  });
}
