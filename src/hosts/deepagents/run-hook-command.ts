import { constants } from 'node:os';
import { beginHookRun, endHookRun } from '../../run/process/hook-run-marker.js';
import {
  type ProcessEndPolicy,
  type ProcessResult,
  spawnHookProcess,
} from '../../run/process/spawn-hook-process.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import type { CommandHandler } from './hooks-document.js';
import { pythonFloatRepr } from './python-json.js';

/*
 * Running one Hooks v2 command handler as upstream's `runner.py` does, on hookwire's one spawner
 * (`spawnHookProcess`: its process group, capped capture, stdin payload, and kills, which reach the
 * descendants that left the group too): `argv` executed directly, otherwise `command` through the POSIX shell;
 * stdout and stderr each keep their first `maxOutputBytes` bytes while the rest is read and dropped (a
 * truncation diagnostic each). What is Deep Agents' own is the end policy below, the checks upstream makes
 * before launching, and the reading of the result in upstream's terms (Python's return code and OSError
 * text, the timeout's message in seconds).
 */

/** Upstream's cap per stream. */
export const MAX_OUTPUT_BYTES = 100_000;

/**
 * Upstream's end of a handler: done only when the process exited AND both pipes reached EOF (a background
 * child holding a pipe keeps it running); at the timeout SIGKILL to the whole group, no SIGTERM first; what
 * an exited handler left in its group (its pipes closed) is left to run, as upstream leaves it.
 */
const DEEPAGENTS_PROCESS_END: ProcessEndPolicy = {
  pipesAfterExit: 'eof',
  killGraceMs: 0,
  killLeftovers: false,
};

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
export async function runHookCommand(run: HookCommandRun): Promise<HookProcessOutcome> {
  const cap = run.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const [file = '', ...args] = run.handler.argv ?? ['/bin/sh', '-c', run.handler.command];
  const located = { handler_id: run.handlerId };
  const failed = (code: string, message: string): HookProcessOutcome => ({
    kind: 'launch_failed',
    exitCode: null,
    stdout: '',
    stderr: '',
    diagnostics: [warning(code, message, located)],
  });
  // Upstream checks these before launching anything.
  if (run.handler.argv !== undefined) {
    if (run.handler.argv.length === 0 || String(run.handler.argv[0]).trim() === '')
      return failed('invalid_command', 'Hook argv is empty');
  } else if (run.handler.command.trim() === '') return failed('invalid_command', 'Hook command is empty');
  const marker = beginHookRun(undefined);
  let result: ProcessResult;
  try {
    result = await spawnHookProcess({
      file,
      args,
      cwd: run.cwd,
      env: run.env,
      input: run.input,
      timeoutMs: run.timeoutSeconds * 1000,
      outputCapBytes: cap,
      marker,
      end: DEEPAGENTS_PROCESS_END,
    });
  } finally {
    endHookRun(marker);
  }
  switch (result.kind) {
    case 'failed':
      return failed('launch_failed', `Could not launch hook: ${pythonLaunchError(result, file)}`);
    case 'timed_out':
    case 'cancelled': {
      const message = `Hook exceeded its ${formatSeconds(run.timeoutSeconds)} second timeout`;
      return { ...failed('timeout', message), kind: 'timed_out' };
    }
    case 'completed': {
      const truncations = (['stdout', 'stderr'] as const)
        .filter((name) => result[`${name}Truncated`])
        .map((name) => warning(`${name}_truncated`, `Hook ${name} exceeded ${cap} bytes`, located));
      return {
        kind: 'exited',
        exitCode: pythonReturnCode(result),
        stdout: result.stdout,
        stderr: result.stderr,
        diagnostics: truncations,
      };
    }
  }
}

/** Python's returncode: the exit status, or minus the number of the signal that killed the process. */
function pythonReturnCode(result: ProcessResult): number | null {
  if (result.exitCode !== null) return result.exitCode;
  if (result.signal === null) return null;
  return -(constants.signals[result.signal as NodeJS.Signals] ?? 1);
}

/**
 * What Python says of a launch that failed: `embedded null byte` for the ValueError of an argument it cannot
 * pass, else the OSError's text, `[Errno 2] No such file or directory: 'cmd'`.
 */
function pythonLaunchError(result: ProcessResult, file: string): string {
  const message = result.spawnErrorMessage ?? '';
  if (/null bytes?/.test(message)) return 'embedded null byte';
  const known: Record<string, [number, string]> = {
    ENOENT: [2, 'No such file or directory'],
    EACCES: [13, 'Permission denied'],
    ENOEXEC: [8, 'Exec format error'],
    ENOTDIR: [20, 'Not a directory'],
    E2BIG: [7, 'Argument list too long'],
  };
  const entry = result.spawnErrorCode === undefined ? undefined : known[result.spawnErrorCode];
  return entry === undefined ? message : `[Errno ${entry[0]}] ${entry[1]}: '${file}'`;
}

/** Python's `{t:g}`: 0.01, 30, 1e-05. */
export function formatSeconds(seconds: number): string {
  const text = Number(seconds.toPrecision(6)).toString();
  return /e/.test(text) ? pythonFloatRepr(Number(text)) : text;
}
