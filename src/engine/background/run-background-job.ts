import { hostNamed } from '../../hosts/registry.js';
import type { RunRequest } from '../../run/handler-execution.js';
import { trackedProcessGroupCount } from '../../run/process/live-process-groups.js';
import { mcpServerTable, NO_MCP_SERVERS } from '../../settings/mcp/mcp-server-table.js';
import { executeHook } from '../execute-hook.js';
import type { Delivery } from '../session-state.js';
import type { BackgroundJob } from './background-job.js';
import { backgroundDelivery } from './run-in-background.js';

/** A finished background job. */
export interface FinishedJob {
  /** What the hook has to deliver, if anything. */
  readonly delivery: Delivery | undefined;
  /**
   * Resolves at the hook's timeout when it left processes in its group (they may live until then), at once
   * otherwise. The process that ran the job then ends them by exiting: hook groups are killed on exit.
   */
  readonly leftoversExpire: Promise<void>;
}

/**
 * Runs a background job with the engine's own runner and reader: the same timeout, capture caps and
 * process-group kills as a hook the engine runs itself. The hook inherits `hostEnvironment` under the job's.
 */
export async function runBackgroundJob(
  job: BackgroundJob,
  hostEnvironment: Readonly<NodeJS.ProcessEnv> = process.env,
): Promise<FinishedJob> {
  const startedAt = performance.now();
  const request: RunRequest = {
    hook: job.hook,
    payload: JSON.parse(job.payloadJson) as Record<string, unknown>,
    payloadJson: job.payloadJson,
    cwd: job.cwd,
    projectDir: job.projectDir,
    environment: job.environment,
    hostEnvironment,
    timeoutMs: job.timeoutMs,
    signal: new AbortController().signal,
    policy: job.policy,
    model: job.model,
    outputCapBytes: job.outputCapBytes,
    spawner: 'direct',
    scrubSecrets: job.scrubSecretsKeep === null ? null : { keep: new Set(job.scrubSecretsKeep) },
    mcpServers: job.mcpServers === undefined ? NO_MCP_SERVERS : mcpServerTable(job.mcpServers),
  };
  const executed = await executeHook(
    job.event,
    job.index,
    request,
    {
      onHookStart: undefined,
      onHookEnd: undefined,
      host: hostNamed(job.host),
    },
    startedAt,
  );
  const delivery = backgroundDelivery(job.event, job.hook, executed);
  const remainingMs = job.timeoutMs - (performance.now() - startedAt);
  const leftoversExpire =
    trackedProcessGroupCount() > 0 && remainingMs > 0
      ? new Promise<void>((resolve) => setTimeout(resolve, remainingMs))
      : Promise.resolve();
  return { delivery, leftoversExpire };
}
