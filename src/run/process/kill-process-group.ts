/**
 * Sends `signal` to every process of the group led by `pgid` (hooks are spawned with setsid, so the group id
 * is the hook's pid). Returns false when the group no longer exists. Never throws: a group that vanished
 * between the decision and the kill is the goal, not an error.
 */
export function killProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // process.kill reports a vanished group by throwing, which after every normal hook exit is the expected
  // answer; without a stack trace the error costs a few microseconds instead of tens (more with source maps).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    // ESRCH: nothing left. EPERM: a member changed identity (setuid); it is no longer ours to end.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** True while any process is left in the group. */
export function isProcessGroupAlive(pgid: number): boolean {
  return killProcessGroup(pgid, 0);
}
