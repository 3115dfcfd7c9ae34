import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import type { CommandHandler } from './hooks-document.js';
import { pythonFloatRepr } from './python-json.js';

/*
 * Running one Hooks v2 command handler as upstream's `runner.py` does: `argv` executed directly, otherwise
 * `command` through the POSIX shell; each in a process group of its own; the payload on stdin, then EOF;
 * stdout and stderr each keep their first `maxOutputBytes` bytes while the rest is read and dropped (a
 * truncation diagnostic each); the run is over only when the process exited AND both pipes reached EOF, so
 * a background child holding a pipe keeps it running; at the timeout the whole group gets SIGKILL.
 */

/** Upstream's cap per stream. */
export const MAX_OUTPUT_BYTES = 100_000;

/** One handler to run. */
export interface HookCommandRun {
  readonly handler: CommandHandler;
  /** `Event:group:handler`, put on every diagnostic. */
  readonly handlerId: string;
  /** The wire payload, written to stdin. */
  readonly input: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Seconds: the handler's own `timeout`, else the event's default. */
  readonly timeoutSeconds: number;
  readonly maxOutputBytes?: number;
}

/** What the process did, before its output is read. */
export interface HookProcessOutcome {
  readonly kind: 'exited' | 'timed_out' | 'launch_failed';
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly diagnostics: readonly HookDiagnostic[];
}

/** Runs the handler's process. Never throws. */
export function runHookCommand(run: HookCommandRun): Promise<HookProcessOutcome> {
  const cap = run.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const [file, ...args] = run.handler.argv ?? ['/bin/sh', '-c', run.handler.command];
  const located = { handler_id: run.handlerId };
  const refused = (code: string, message: string): Promise<HookProcessOutcome> =>
    Promise.resolve({
      kind: 'launch_failed',
      exitCode: null,
      stdout: '',
      stderr: '',
      diagnostics: [warning(code, message, located)],
    });
  // Upstream checks these before launching anything.
  if (run.handler.argv !== undefined) {
    if (run.handler.argv.length === 0 || String(run.handler.argv[0]).trim() === '')
      return refused('invalid_command', 'Hook argv is empty');
  } else if (run.handler.command.trim() === '') return refused('invalid_command', 'Hook command is empty');
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(file as string, args, {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    // Python's ValueError for an argument it cannot pass (a null byte).
    const detail = /null bytes?/.test(String((error as Error).message))
      ? 'embedded null byte'
      : (error as Error).message;
    return refused('launch_failed', `Could not launch hook: ${detail}`);
  }
  return new Promise((resolve) => {
    const streams = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const kept = { stdout: 0, stderr: 0 };
    const truncated = { stdout: false, stderr: false };
    let open = 2;
    let exitCode: number | null = null;
    let exited = false;
    let timedOut = false;
    let settled = false;
    const finish = (outcome: HookProcessOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const text = (name: 'stdout' | 'stderr'): string => Buffer.concat(streams[name]).toString('utf8');
    const truncations = (): HookDiagnostic[] =>
      (['stdout', 'stderr'] as const)
        .filter((name) => truncated[name])
        .map((name) => warning(`${name}_truncated`, `Hook ${name} exceeded ${cap} bytes`, located));
    const maybeDone = (): void => {
      if (!exited || open > 0 || timedOut) return;
      finish({
        kind: 'exited',
        exitCode,
        stdout: text('stdout'),
        stderr: text('stderr'),
        diagnostics: truncations(),
      });
    };
    for (const name of ['stdout', 'stderr'] as const) {
      child[name].on('data', (chunk: Buffer) => {
        const room = cap - kept[name];
        if (room <= 0) {
          truncated[name] = true;
          return;
        }
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        if (chunk.length > room) truncated[name] = true;
        streams[name].push(part);
        kept[name] += part.length;
      });
      child[name].on('close', () => {
        open -= 1;
        maybeDone();
      });
    }
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
      finish({
        kind: 'timed_out',
        exitCode: null,
        stdout: '',
        stderr: '',
        diagnostics: [
          warning(
            'timeout',
            `Hook exceeded its ${formatSeconds(run.timeoutSeconds)} second timeout`,
            located,
          ),
        ],
      });
    }, run.timeoutSeconds * 1000);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        kind: 'launch_failed',
        exitCode: null,
        stdout: '',
        stderr: '',
        diagnostics: [
          warning('launch_failed', `Could not launch hook: ${pythonOsError(error, file as string)}`, located),
        ],
      });
    });
    child.on('exit', (code, signal) => {
      exited = true;
      // Python's returncode of a process killed by a signal: minus the signal's number.
      exitCode = code ?? (signal === null ? null : -(constants.signals[signal] ?? 1));
      maybeDone();
    });
    child.stdin.on('error', () => {});
    child.stdin.end(run.input);
  });
}

/** Python's text of the OSError a failed launch raises: `[Errno 2] No such file or directory: 'cmd'`. */
function pythonOsError(error: NodeJS.ErrnoException, file: string): string {
  const known: Record<string, [number, string]> = {
    ENOENT: [2, 'No such file or directory'],
    EACCES: [13, 'Permission denied'],
    ENOEXEC: [8, 'Exec format error'],
    ENOTDIR: [20, 'Not a directory'],
    E2BIG: [7, 'Argument list too long'],
  };
  const entry = error.code === undefined ? undefined : known[error.code];
  return entry === undefined ? error.message : `[Errno ${entry[0]}] ${entry[1]}: '${file}'`;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Python's `{t:g}`: 0.01, 30, 1e-05. */
export function formatSeconds(seconds: number): string {
  const text = Number(seconds.toPrecision(6)).toString();
  return /e/.test(text) ? pythonFloatRepr(Number(text)) : text;
}
