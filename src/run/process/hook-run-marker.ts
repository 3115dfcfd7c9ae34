import { killMarkedProcesses } from './kill-marked-processes.js';

/** Set by the host in its spawner's environment: the spawner's hooks carry the host's markers. */
export const MARKER_HOST_VARIABLE = 'HOOKWIRE_MARKER_HOST';

/*
 * Every hook process gets a marker in its environment: `<host>.<signal>.<hook>`. The host part is random per
 * host process (Math.random, not node:crypto, whose import costs `hookwire run` milliseconds), so two hosts
 * never end each other's hooks; the signal part groups the hooks of one engine (they share its signal), so
 * the engine's close reaches the escaped descendants of every hook it ran; the hook part is one run.
 */
const HOST =
  process.env[MARKER_HOST_VARIABLE] ??
  `${process.pid.toString(36)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const prefixBySignal = new WeakMap<AbortSignal, string>();
const running = new Set<string>();
let nextSignal = 0;
let nextHook = 0;

/**
 * A fresh marker for one hook run, registered as running until `endHookRun`; its prefix is shared by the
 * hooks of `signal` (one engine), for `endDetachedProcessesOf`.
 */
export function beginHookRun(signal: AbortSignal | undefined): string {
  const marker = `${prefixOf(signal)}${(nextHook++).toString(36)}`;
  running.add(marker);
  return marker;
}

/**
 * SIGKILLs every process carrying a marker of `signal`'s hooks whose hook is no longer running: the escaped
 * descendants (setsid, double fork, daemons) of hooks that exited normally. Running hooks are left to their
 * own SIGTERM, grace, SIGKILL. Free when no command hook ran with this signal. Returns how many were killed.
 */
export function endDetachedProcessesOf(signal: AbortSignal): number {
  const prefix = prefixBySignal.get(signal);
  if (prefix === undefined) return 0;
  return killMarkedProcesses((marker) => marker.startsWith(prefix) && !running.has(marker));
}

/** The hook whose marker this is has a result: its leftovers are now fair game for a sweep. */
export function endHookRun(marker: string): void {
  running.delete(marker);
}

/** Markers of hooks still running in this host (for the host's `exit` listener). */
export function runningHookMarkers(): ReadonlySet<string> {
  return running;
}

/**
 * The prefix of every marker this host makes. The spawner process is given its host's prefix, so that when it
 * ends all its hooks it finds the markers the host made for them.
 */
export function hostMarkerPrefix(): string {
  return `${HOST}.`;
}

/** The host part of this host's markers, for MARKER_HOST_VARIABLE. */
export function hostMarkerId(): string {
  return HOST;
}

/**
 * Files the hooks of `signal` (a firing's own, made from the engine's) under `engineSignal`'s marker, so
 * that `endDetachedProcessesOf(engineSignal)` at the engine's close reaches what they left detached too.
 */
export function markHooksAs(signal: AbortSignal, engineSignal: AbortSignal): void {
  prefixBySignal.set(signal, prefixOf(engineSignal));
}

function prefixOf(signal: AbortSignal | undefined): string {
  if (signal === undefined) return `${HOST}._.`;
  let prefix = prefixBySignal.get(signal);
  if (prefix === undefined) {
    const ownPrefix = `${HOST}.${(nextSignal++).toString(36)}.`;
    prefix = ownPrefix;
    prefixBySignal.set(signal, ownPrefix);
  }
  return prefix;
}
