import { hostMarkerPrefix, runningHookMarkers } from './hook-run-marker.js';
import { killMarkedProcesses } from './kill-marked-processes.js';
import { killProcessGroup } from './kill-process-group.js';

/** A hook's process group that may still hold processes: a running hook, or the leftovers of a finished one. */
export interface LiveProcessGroup {
  /** Undefined for an owner of groups that ends them itself (the spawner process). */
  readonly pgid: number | undefined;
  /** The hook run's marker, for the processes that left the group (undefined for the spawner). */
  readonly marker?: string;
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
  // Escaped descendants of hooks that had exited with an empty group are tracked nowhere but in /proc.
  const prefix = hostMarkerPrefix();
  killMarkedProcesses((marker) => marker.startsWith(prefix));
}

function killEveryTrackedGroup(): void {
  const markers = new Set(runningHookMarkers());
  for (const group of liveGroups) {
    if (group.pgid !== undefined) killProcessGroup(group.pgid, 'SIGKILL');
    if (group.marker !== undefined) markers.add(group.marker);
  }
  // Only hooks that were still ours to end: the escaped daemons of hooks that finished are left, as a
  // `hookwire run` that ends after every event must leave them (Claude Code does).
  if (markers.size > 0) killMarkedProcesses((marker) => markers.has(marker));
}
