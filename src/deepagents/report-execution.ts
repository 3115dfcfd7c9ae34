import type { Logger } from '../common/logger.js';
import type { HandlerExecution } from '../run/handler-execution.js';

/**
 * Logs how one fire-and-forget hook ended, at the levels upstream uses: a hook that could not start or timed
 * out is a warning; a non-zero exit, a cancellation and a success are debug. Output appears only in debug.
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
      logger.warn(`${subject} failed: ${execution.error ?? 'unknown error'}`);
      return;
    case 'cancelled':
      logger.debug(`${subject} cancelled: ${execution.error ?? 'the dispatcher closed'}`);
      return;
  }
}
