import { killProcessGroup } from './kill-process-group.js';

/** A hook's process group that may still hold processes: a running hook, or the leftovers of a finished one. */
export interface LiveProcessGroup {
  /** Undefined for an owner of groups that ends them itself (the spawner process). */
  readonly pgid: number | undefined;
  /** Ends the group (SIGTERM, then SIGKILL after the grace) and resolves once it is handled. */
  end(): Promise<void>;
}

const liveGroups = new Set<LiveProcessGroup>();
let exitHookInstalled = false;

/**
 * Registers a group so that `endAllHookProcesses` and the host's exit can reach it. Hook groups are
 * session leaders and would otherwise survive the host, so on `process.exit` every tracked group is
 * SIGKILLed synchronously (the only thing an exit listener can still do).
 */
export function trackProcessGroup(group: LiveProcessGroup): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', killEveryTrackedGroup);
  }
  liveGroups.add(group);
}

/** Forgets a group whose processes are known to be gone. */
export function untrackProcessGroup(group: LiveProcessGroup): void {
  liveGroups.delete(group);
}

/** How many groups are tracked: for tests and reports. */
export function trackedProcessGroupCount(): number {
  return liveGroups.size;
}

/**
 * Ends every hook process this module started and has not seen die: running hooks report `cancelled`,
 * leftovers of finished hooks are killed. Resolves when all are handled (at most the kill grace later).
 */
export async function endAllHookProcesses(): Promise<void> {
  await Promise.all([...liveGroups].map((group) => group.end()));
}

function killEveryTrackedGroup(): void {
  for (const group of liveGroups) {
    if (group.pgid !== undefined) killProcessGroup(group.pgid, 'SIGKILL');
  }
}
