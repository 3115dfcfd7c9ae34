import { existsSync } from 'node:fs';
import {
  executionWithoutOutput,
  type HandlerExecution,
  type HandlerRunner,
  isRequestOf,
  type RunRequest,
} from './handler-execution.js';
import { commandLineOf } from './process/command-line.js';
import { executionFromProcess } from './process/execution-from-process.js';
import { helperEnvironment, hookEnvironment } from './process/hook-environment.js';
import { beginHookRun, endHookRun } from './process/hook-run-marker.js';
import { type ProcessSpec, spawnHookProcess } from './process/spawn-hook-process.js';
import { spawnThroughHelper } from './spawner/spawn-through-helper.js';

/**
 * Runs a command hook: shell or exec form, the payload on stdin, its own process group, captured output,
 * and the timeout applied to the whole group. Never throws: failures are `failed`, `timed_out` or
 * `cancelled` executions.
 */
export const commandRunner: HandlerRunner<'command'> = async (request) => {
  const commandLine = commandLineOf(request.hook.handler, request.projectDir);
  if (!commandLine.ok) return notRunnable(commandLine.error);
  const marker = beginHookRun(request.signal);
  try {
    return await runMarked(request, commandLine, marker);
  } finally {
    endHookRun(marker);
  }
};

/** `commandRunner` for a request of any type (the Deep Agents dispatcher, tests): another type is a failure. */
export const runCommand: HandlerRunner = async (request) =>
  isRequestOf(request, 'command')
    ? commandRunner(request)
    : notRunnable(`runCommand cannot run a ${request.hook.handler.type} hook`);

async function runMarked(
  request: RunRequest<'command'>,
  commandLine: Extract<ReturnType<typeof commandLineOf>, { ok: true }>,
  marker: string,
): Promise<HandlerExecution> {
  const handler = request.hook.handler;
  const spec: Omit<ProcessSpec, 'env'> = {
    marker,
    file: commandLine.file,
    args: commandLine.args,
    cwd: request.cwd,
    input: `${request.payloadJson}\n`,
    timeoutMs: request.timeoutMs,
    outputCapBytes: request.outputCapBytes,
    signal: request.signal,
  };
  const direct = (cwd: string) =>
    spawnHookProcess({
      ...spec,
      cwd,
      env: hookEnvironment(request.environment, handler.env, request.scrubSecrets, request.hostEnvironment),
    });
  const launch =
    request.spawner === 'helper-process'
      ? (cwd: string) =>
          spawnThroughHelper(
            { ...spec, cwd, ...helperEnvironment(request.environment, handler.env, request.scrubSecrets) },
            () => direct(cwd),
          )
      : direct;
  const result = await launch(request.cwd);
  // spawn reports a missing cwd as ENOENT too; only then is the (rarer) existence check worth its syscall.
  if (result.spawnErrorCode === 'ENOENT' && cwdIsMissing(request)) {
    const fallback = await launch(request.projectDir);
    return executionFromProcess(fallback, commandLine, { cwdMissing: request.cwd, cwd: request.projectDir });
  }
  return executionFromProcess(result, commandLine, {});
}

function cwdIsMissing(request: RunRequest): boolean {
  return request.cwd !== request.projectDir && !existsSync(request.cwd);
}

function notRunnable(error: string): HandlerExecution {
  return executionWithoutOutput('failed', error, 0);
}
