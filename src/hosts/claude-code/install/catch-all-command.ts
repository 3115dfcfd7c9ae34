import type { EventName } from '../../../events/event-names.js';
import { eventSpec } from '../../../events/lookup.js';
import { blockWhenNotStarted, guardMissingProgram } from '../../../install/missing-program-guard.js';
import { claudeCodeHost } from '../claude-code-host.js';

/** How a catch-all entry names hookwire and the hooks file, each as shell text. */
export interface CatchAllTarget {
  /** `hookwire`, `npx --yes hookwire@1.2.3`, `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire`, ... */
  readonly hookwire: string;
  /** One shell word, such as `"$CLAUDE_PROJECT_DIR"/.hookwire/hooks.json`. */
  readonly hooksFile: string;
  /**
   * `hookwire` is the native client, which delivers an event the host does not wait for detached by itself
   * (native/client/hookwire-client.c): every event gets the plain command, except those whose late answer
   * the host applies, which keep the shell's `setsid -w` (the client then waits for the answer as usual).
   */
  readonly detachesItself?: boolean;
}

/*
 * The shell script a detached run hands the input to, as a single-quoted word. It runs in a session of its
 * own: it reads the input to its end into a 0600 temporary file (at once, while the host is still there to
 * write the rest of a payload larger than a pipe), makes that file its stdin, unlinks it (the open file
 * stays readable) and execs the run. Without a temporary file the run reads the pipe as it is.
 */
const HAND_OVER = `'f=$(mktemp) && cat >"$f" && exec <"$f" && rm -f "$f"; exec "$@"'`;

/*
 * setsid(1) for systems without it (macOS): perl forks (the hook is its group's leader, which cannot start
 * a session), the child starts a session and execs; the parent exits once the child's copy of the pipe has
 * closed on that exec, so the group the hook leaves behind is empty when Claude Code looks at it.
 */
const PERL_DETACH = 'pipe R, W; if (fork) { close W; <R>; exit } setsid; exec @ARGV or exit 127';

/**
 * The command of the one catch-all entry for `event`: `<hookwire> run --settings <hooks file> <Event>`,
 * or, for an event Claude Code does not wait for, the same run detached from the host by the shell, unless
 * the native client does that itself (`detachesItself`).
 *
 * Claude Code sends SIGTERM to the process group of such hooks still running when the session ends, tens
 * of ms after starting them (docs/protocol.md), before Node could even start. So the command does its
 * work in the shell: it ignores SIGTERM first (a builtin, before anything else can be scheduled), then
 * `setsid -f` (util-linux) or, where that is missing, perl's POSIX::setsid starts the hand-over script in
 * a new session, out of the host's group and, once setsid's own process has exited, out of its process
 * tree; the hook itself exits at once. (setsid -f returns before its child has called setsid(); Claude Code
 * kills the group 1.5 s after the SIGTERM, which the child ignores until then.) The payload travels on stdin and a 0600 file, never in argv. Node
 * resets the ignored SIGTERM when it starts, so the run and its hooks can be stopped as usual.
 */
export function catchAllCommand(event: EventName, target: CatchAllTarget): string {
  const run = `${target.hookwire} run --settings ${target.hooksFile} ${event}`;
  if (eventSpec(event).hostAppliesLateAnswer) return lateAnswerCommand(run, event);
  // Init writes Claude Code's settings. A missing hookwire blocks, as any failure.
  if (!eventSpec(event).hostDoesNotWait || target.detachesItself)
    return guardMissingProgram(run, claudeCodeHost, event);
  const detached = `sh -c "$d" sh "$@" >/dev/null 2>&1`;
  return [
    `trap '' TERM`,
    `set -- ${run}`,
    `d=${HAND_OVER}`,
    `command -v setsid >/dev/null && exec setsid -f ${detached}`,
    `exec perl -MPOSIX -e '${PERL_DETACH}' ${detached}`,
  ].join('; ');
}

/*
 * What the late-answer run executes in its session: the run, without the status pipe, then its exit status
 * written to that pipe (fd 3).
 */
const RUN_AND_REPORT = `'"$@" 3>&-; echo $? >&3'`;

/**
 * The catch-all of an event whose answer Claude Code applies even when it goes on without waiting for it
 * (CwdChanged's `watchPaths` and `CLAUDE_ENV_FILE` exports, a background subagent's SubagentStop block:
 * compat L02). The run must hand the host its stdout and exit status, so it is not handed off as above; but
 * at the end of the session Claude Code sends SIGTERM to the group of every such hook still running, within
 * the half second Node needs to start, and then SIGKILL to the group and to the hook's descendants (compat
 * L03: a run that `setsid -w` kept as a child was killed). So the shell ignores SIGTERM, starts the run with
 * `setsid -f` (perl where setsid is missing) in a session of its own and out of the hook's process tree,
 * with the host's stdout as its stdout and a pipe on fd 3 that gets its exit status, and waits on that pipe:
 * while the host lives it gets the run's answer as any hook's; at the session's end the signals reach only
 * the waiting shell, and the run and its hooks go on to their end.
 */
function lateAnswerCommand(run: string, event: EventName): string {
  // No status at all (setsid and perl both missing, or the run killed) counts as a run that could not start.
  const block = blockWhenNotStarted(claudeCodeHost, event);
  const detached = `sh -c ${RUN_AND_REPORT} sh "$@"`;
  return [
    `trap '' TERM`,
    `set -- ${run}`,
    'exec 4>&1',
    `s=$( { command -v setsid >/dev/null && setsid -f ${detached} || perl -MPOSIX -e '${PERL_DETACH}' ${detached}; } 3>&1 1>&4 4>&- )`,
    ...(block === undefined ? ['exit "${s:-1}"'] : ['s=${s:-127}', block.replace(/;$/, '')]),
  ].join('; ');
}
