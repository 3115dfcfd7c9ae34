import type { Logger } from '../../../common/logger.js';
import type { HandlerExecution } from '../../../run/handler-execution.js';

/**
 * Logs how one fire-and-forget hook ended, at the levels upstream uses: a hook that could not start or timed
 * out is a warning (a start that failed other than by a missing or non-executable command: `failed unexpectedly`);
 * a non-zero exit, a cancellation and a success are debug. Output appears only in debug.
 */
export function reportExecution(
  logger: Logger,
  event: string,
  label: string,
  execution: HandlerExecution,
): void {
  const subject = `Deep Agents hook "${label}" on ${event}`;
  const output = `stdout: ${JSON.stringify(execution.stdout)} stderr: ${JSON.stringify(execution.stderr)}`;
  switch (execution.kind) {
    case 'completed':
      logger.debug(`${subject} exited ${execution.exitCode} after ${execution.durationMs} ms; ${output}`);
      return;
    case 'timed_out':
      logger.warn(`${subject} timed out after ${execution.durationMs} ms; its process group was ended`);
      logger.debug(`${subject}: ${output}`);
      return;
    case 'failed':
      // A missing or non-executable command is a configuration slip; anything else that kept the process
      // from starting (a null byte in argv, ENOEXEC, exhaustion) is the failure understood least, and says so.
      logger.warn(
        `${subject} failed${isExpectedFailure(execution.error) ? '' : ' unexpectedly'}: ${execution.error ?? 'unknown error'}`,
      );
      return;
    case 'cancelled':
      logger.debug(`${subject} cancelled: ${execution.error ?? 'the dispatcher closed'}`);
      return;
  }
}

function isExpectedFailure(error: string | undefined): boolean {
  return error !== undefined && /^(?:Command not found|Shell not found|Permission denied):/.test(error);
}
