import type { HandlerExecution } from '../handler-execution.js';
import type { CommandLine } from './command-line.js';
import type { ProcessResult } from './spawn-hook-process.js';

type Runnable = Extract<CommandLine, { ok: true }>;

/**
 * Turns what became of a hook process into the runner's result. A shell reporting 127 is a completed run
 * (the reader treats it as a non-blocking error); a program that could not be spawned is `failed` with a
 * message naming it.
 */
export function executionFromProcess(
  result: ProcessResult,
  commandLine: Runnable,
  details: Record<string, unknown>,
): HandlerExecution {
  if (result.leftProcessesBehind) details.leftProcessesBehind = true;
  if (result.pipesClosedAfterExit) details.pipesClosedAfterExit = true;
  const hasDetails = Object.keys(details).length > 0;
  const { spawnErrorCode, spawnErrorMessage, leftProcessesBehind, pipesClosedAfterExit, ...execution } =
    result;
  if (result.kind === 'failed') {
    return {
      ...execution,
      error: startFailureMessage(commandLine, spawnErrorCode, spawnErrorMessage),
      ...(hasDetails ? { details } : {}),
    };
  }
  if (result.kind === 'timed_out') {
    return { ...execution, error: 'Timed out', ...(hasDetails ? { details } : {}) };
  }
  if (result.kind === 'cancelled') {
    return { ...execution, error: 'Cancelled', ...(hasDetails ? { details } : {}) };
  }
  return hasDetails ? { ...execution, details } : execution;
}

function startFailureMessage(
  commandLine: Runnable,
  code: string | undefined,
  message: string | undefined,
): string {
  const missingShell = commandLine.form === 'shell';
  if (code === 'ENOENT') {
    return missingShell ? `Shell not found: ${commandLine.file}` : `Command not found: ${commandLine.file}`;
  }
  if (code === 'EACCES') return `Permission denied: ${commandLine.file}`;
  return `Could not start ${commandLine.file}: ${message ?? code ?? 'unknown error'}`;
}
