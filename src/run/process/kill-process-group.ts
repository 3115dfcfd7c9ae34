import { constants } from 'node:os';

/** `process.kill` without the throw: Node's own binding under it, which returns 0 or a negative errno. */
type RawKill = (pid: number, signal: number) => number;
const rawKill = (process as unknown as { _kill?: RawKill })._kill;

/**
 * Sends `signal` to every process of the group led by `pgid` (hooks are spawned with setsid, so the group id
 * is the hook's pid). Returns false when the group no longer exists. Never throws: a group that vanished
 * between the decision and the kill is the goal, not an error.
 */
export function killProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // kill(-1) signals every process we may signal, and kill(-0) our own group: never let a bad id get there.
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
  // After every normal hook exit the group is checked and is usually gone. process.kill reports that by
  // building and throwing an error, which measured 80 µs on the engine's path (cold code, stack trace, source
  // maps); the binding it wraps answers with a number. It is undocumented, so process.kill stays the fallback.
  if (typeof rawKill === 'function') {
    const errno = rawKill.call(process, -pgid, signal === 0 ? 0 : constants.signals[signal]);
    // 0: delivered. EPERM: a member changed identity (setuid); it is no longer ours to end. ESRCH: none left.
    return errno === 0 || errno === -constants.errno.EPERM;
  }
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while any process is left in the group. */
export function isProcessGroupAlive(pgid: number): boolean {
  return killProcessGroup(pgid, 0);
}
