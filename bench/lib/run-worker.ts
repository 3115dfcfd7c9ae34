import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs a benchmark worker script (TypeScript, through tsx) in its own Node process and resolves with the JSON
 * it prints as its last stdout line. Workers exist where a measurement needs a process of its own: a big
 * heap (target 5), or memory and event-loop figures the suite itself would disturb (target 6).
 */
export function runWorker<Result>(
  scriptUrl: URL,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
): Promise<Result> {
  const script = fileURLToPath(scriptUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const lastLine = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) {
        reject(new Error(`${script} exited with ${code ?? signal}: ${stderr.trim().slice(-2000)}`));
        return;
      }
      try {
        resolve(JSON.parse(lastLine) as Result);
      } catch {
        reject(new Error(`${script} printed no JSON result: ${stdout.slice(-500)} ${stderr.slice(-500)}`));
      }
    });
  });
}
