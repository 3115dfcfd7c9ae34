import { readdirSync, readFileSync, statSync } from 'node:fs';

/** The environment variable every hook process carries, inherited by all its descendants (docs/processes.md). */
export const HOOK_RUN_VARIABLE = 'HOOKWIRE_HOOK_RUN';

const NEEDLE = Buffer.from(`${HOOK_RUN_VARIABLE}=`);
/** Rounds of scan-and-kill: a process forking while we scan leaves a child the next round finds. */
const MAX_ROUNDS = 20;
/** /proc/PID/stat field 22 (1-based), the start time in clock ticks since boot: a pid's identity over reuse. */
const START_TIME_FIELD = 19; // counted after "pid (comm) ", whose fields start at field 3

// Decided on first use, not at import: `hookwire run` loads this module on every event and rarely sweeps.
let scannable: boolean | undefined;
const ownUid = typeof process.getuid === 'function' ? process.getuid() : -1;

/** True where processes that left their group can be found (Linux with /proc). */
function canScan(): boolean {
  scannable ??= process.platform === 'linux' && procIsMounted();
  return scannable;
}

function procIsMounted(): boolean {
  try {
    return statSync('/proc/self/environ').isFile();
  } catch {
    return false;
  }
}

/**
 * SIGKILLs every process of our uid whose environment holds a hook-run marker that `matches` accepts, and
 * repeats until a scan finds none (at most 20 rounds). This reaches what a process group cannot: a hook's
 * descendants that called setsid, double-forked or daemonised keep their environment, whatever session or
 * group they move to. A process that replaced its environment (`env -i`, execve with a fresh one) is not
 * found. Synchronous, so the host's `exit` listener can use it; a no-op (returns 0) where there is no /proc.
 * Returns how many processes were killed.
 */
export function killMarkedProcesses(matches: (marker: string) => boolean): number {
  if (!canScan()) return 0;
  let killed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const found = findMarkedProcesses(matches);
    if (found.length === 0) break;
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // Gone already (or no longer ours): that is the goal.
      }
    }
  }
  return killed;
}

/** The pids (never our own) whose environment carries a marker that `matches` accepts. */
export function findMarkedProcesses(matches: (marker: string) => boolean): number[] {
  if (!canScan()) return [];
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    const code = entry.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    if (processIsMarked(pid, matches)) found.push(pid);
  }
  return found;
}

function processIsMarked(pid: number, matches: (marker: string) => boolean): boolean {
  try {
    if (ownUid >= 0 && statSync(`/proc/${pid}`).uid !== ownUid) return false;
    // The start time before and after reading the environment: equal, the environment read is this
    // process's and not that of one which took over a recycled pid meanwhile.
    const startedBefore = startTimeOf(pid);
    const marker = markerIn(readFileSync(`/proc/${pid}/environ`));
    if (marker === undefined || !matches(marker)) return false;
    return startTimeOf(pid) === startedBefore;
  } catch {
    return false; // ended while we looked, or not readable: not one we can end
  }
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[START_TIME_FIELD] ?? '';
}

/** The marker's value in a NUL-separated environment block (a zombie's block is empty). */
function markerIn(environment: Buffer): string | undefined {
  let at = environment.indexOf(NEEDLE);
  while (at > 0 && environment[at - 1] !== 0) at = environment.indexOf(NEEDLE, at + 1);
  if (at < 0) return undefined;
  const start = at + NEEDLE.length;
  const end = environment.indexOf(0, start);
  return environment.toString('latin1', start, end < 0 ? environment.length : end);
}
