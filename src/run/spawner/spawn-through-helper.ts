import { killMarkedProcesses } from '../process/kill-marked-processes.js';
import { notStarted, type ProcessResult, type ProcessSpec } from '../process/spawn-hook-process.js';
import { SpawnerClient } from './spawner-client.js';

let client: SpawnerClient | undefined;

/** What a spawner request needs beyond a direct spawn: the environment as an overlay on the host's. */
export interface HelperProcessSpec extends Omit<ProcessSpec, 'env'> {
  readonly envOverlay: Readonly<Record<string, string>>;
  /** Host variables the hook must not inherit (an engine that scrubs secrets). */
  readonly withheldVariables?: readonly string[];
}

/** The running spawner process's pid, if one is running: for fault tests and reports. */
export function spawnerProcessId(): number | undefined {
  return client?.processId();
}

/**
 * Runs a hook through the shared spawner process (started on first use), with the same guarantees as a
 * direct spawn. When the spawner cannot be started at all, `whenUnavailable` runs the hook instead (a
 * direct spawn); when it fails later, the hook is reported as failed, naming the spawner.
 */
export async function spawnThroughHelper(
  spec: HelperProcessSpec,
  whenUnavailable?: () => Promise<ProcessResult>,
): Promise<ProcessResult> {
  const startedAt = performance.now();
  if (spec.signal?.aborted) return notStarted('cancelled', startedAt);
  client ??= new SpawnerClient();
  const { signal, ...request } = spec;
  const result = await client.run(request, signal);
  if (result === 'unavailable' && whenUnavailable !== undefined) return whenUnavailable();
  if (result !== undefined && result !== 'unavailable') return result;
  // The spawner died or hung with the hook running: its group is orphaned, but every member carries the marker.
  killMarkedProcesses((marker) => marker === spec.marker);
  return {
    ...notStarted('failed', startedAt),
    spawnErrorCode: 'ESPAWNER',
    spawnErrorMessage: 'the spawner process did not answer',
  };
}
