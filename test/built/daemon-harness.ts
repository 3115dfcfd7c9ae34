import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeClient } from '../../scripts/native-client.js';

const root = new URL('../..', import.meta.url).pathname;
/** hookwire's built Node bin: what the client starts daemons with and falls back to. */
export const HOOKWIRE_BIN = join(root, 'dist', 'hookwire.cjs');
let built: string | undefined | null = null;
/** The native client (scripts/native-client.ts), compiled at most once per test file. */
export function clientBinary(): string | undefined {
  if (built === null) built = nativeClient(mkdtempSync(join(tmpdir(), 'hookwire-client-')));
  return built;
}

/** A private runtime directory, a state directory and a project, all temporary; `stop()` ends its daemons. */
export function daemonWorld() {
  const base = mkdtempSync(join(tmpdir(), 'hookwire-daemon-'));
  const runtime = join(base, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  chmodSync(runtime, 0o700);
  const project = join(base, 'project');
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: join(base, 'home'),
    XDG_RUNTIME_DIR: runtime,
    HOOKWIRE_STATE_DIR: join(base, 'state'),
    CLAUDE_PROJECT_DIR: project,
  };
  return {
    base,
    project,
    env,
    /** The daemons' own directory inside the runtime directory. */
    daemonDirectory: join(runtime, 'hookwire'),
    /** Writes the hooks file and trusts it, as a user would. */
    hooks(settings: unknown, name = 'hooks.json'): string {
      const file = join(project, name);
      writeFileSync(file, JSON.stringify(settings));
      execFileSync('node', [HOOKWIRE_BIN, 'trust', '--project', project, '--settings', file, '--yes'], {
        env,
      });
      return file;
    },
    payload(fields: Record<string, unknown> = {}): string {
      return JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 'session-1',
        transcript_path: '/dev/null',
        cwd: project,
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
        ...fields,
      });
    },
    /** The pids of the daemons that logged a start here. */
    daemonPids(): number[] {
      const directory = join(runtime, 'hookwire');
      if (!existsSync(directory)) return [];
      return readdirSync(directory)
        .filter((name) => name.endsWith('.log'))
        .flatMap((name) => [
          ...readFileSync(join(directory, name), 'utf8').matchAll(/listening on .* pid (\d+)\)/g),
        ])
        .map((match) => Number(match[1]));
    },
    /** The daemons' logs, one after another. */
    daemonLog(): string {
      const directory = join(runtime, 'hookwire');
      if (!existsSync(directory)) return '';
      return readdirSync(directory)
        .filter((name) => name.endsWith('.log'))
        .map((name) => readFileSync(join(directory, name), 'utf8'))
        .join('');
    },
    stop(): void {
      for (const pid of this.daemonPids()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      // A detached run (an event the host does not wait for) may still be writing its last files here:
      // on a loaded machine, for seconds after its hook delivered.
      // (rmSync's own retries give up on a directory refilled meanwhile: retry the whole removal.)
      for (let attempt = 0; ; attempt++) {
        try {
          rmSync(base, { recursive: true, force: true });
          return;
        } catch (error) {
          if (attempt >= 100) throw error;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        }
      }
    },
  };
}

/** What one process answered: its exit code, stdout and stderr. */
export interface Answer {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `file args` with `input` on stdin, as a host runs a hook. */
export function runWithInput(
  file: string,
  args: readonly string[],
  input: string,
  env: NodeJS.ProcessEnv,
  onStart?: (pid: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (child.pid !== undefined) onStart?.(child.pid);
    child.stdin.end(input);
  });
}

/** The client for an event, as `hookwire init` installs it. */
export function client(
  binary: string,
  args: readonly string[],
  input: string,
  env: NodeJS.ProcessEnv,
  onStart?: (pid: number) => void,
) {
  return runWithInput(
    binary,
    ['--hookwire', HOOKWIRE_BIN, '--node', process.execPath, 'run', ...args],
    input,
    env,
    onStart,
  );
}

/** The Node `hookwire run` for the same event: the reference the client's answers must equal. */
export function nodeRun(args: readonly string[], input: string, env: NodeJS.ProcessEnv) {
  return runWithInput(process.execPath, [HOOKWIRE_BIN, 'run', ...args], input, env);
}

/** Resolves once `condition` holds, checking every 20 ms. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
