import { spawn } from 'node:child_process';
import { NO_OUTPUT } from '../handler-execution.js';
import { onAbort } from '../on-abort.js';
import { type HookChildProcess, NativeSpawnError, type NativeSpawner } from '../spawner/native-spawner.js';
import { HOOK_RUN_VARIABLE, killMarkedProcesses } from './kill-marked-processes.js';
import { isProcessGroupAlive, killProcessGroup } from './kill-process-group.js';
import { type LiveProcessGroup, trackProcessGroup, untrackProcessGroup } from './live-process-groups.js';
import { OutputCollector } from './output-collector.js';

/** Between SIGTERM to a hook's group and SIGKILL: time for a well-behaved hook to clean up. */
export const KILL_GRACE_MS = 500;
/**
 * After a hook exits, how long its pipes may stay open before they are closed from our side. A background
 * child that inherited stdout would otherwise hold the result back until it, too, exits.
 */
export const PIPE_DRAIN_AFTER_EXIT_MS = 200;
/** After SIGKILL, how long to wait for the kernel to reap the hook before reporting without its exit status. */
const REAP_WAIT_AFTER_KILL_MS = 200;

/**
 * How a family of hosts ends a hook's process: hookwire's own rules by default (`HOOKWIRE_PROCESS_END`);
 * another family (Deep Agents Code) passes its own, and the spawning, capture and kills stay this module's.
 */
export interface ProcessEndPolicy {
  /**
   * After the hook exits, its pipes may stay open: `drain` closes them from our side after
   * PIPE_DRAIN_AFTER_EXIT_MS; `eof` waits for both to reach EOF, so a background child holding one keeps
   * the hook running until its timeout.
   */
  readonly pipesAfterExit: 'drain' | 'eof';
  /** Between SIGTERM to the group and SIGKILL at the timeout; 0: SIGKILL at once, no SIGTERM. */
  readonly killGraceMs: number;
  /** Whether what a hook that exited left in its group is killed when its timeout would have expired. */
  readonly killLeftovers: boolean;
}

/** hookwire's rules: the pipes drained after exit, SIGTERM then SIGKILL, no leftover outliving the timeout. */
export const HOOKWIRE_PROCESS_END: ProcessEndPolicy = {
  pipesAfterExit: 'drain',
  killGraceMs: KILL_GRACE_MS,
  killLeftovers: true,
};

/** One process to run, fully resolved: no shell decisions or defaults are left at this level. */
export interface ProcessSpec {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Written to stdin, then EOF. */
  readonly input: string;
  readonly timeoutMs: number;
  readonly outputCapBytes: number;
  readonly signal?: AbortSignal | undefined;
  /**
   * The hook run's marker (`beginHookRun`), set as HOOKWIRE_HOOK_RUN in its environment: every kill of the
   * group also kills the processes carrying it, which finds descendants that left the group (setsid).
   */
  readonly marker: string;
  /** Default `HOOKWIRE_PROCESS_END`. */
  readonly end?: ProcessEndPolicy;
}

/** What became of the process. Never a throw: spawn errors come back as `failed` with their errno code. */
export interface ProcessResult {
  readonly kind: 'completed' | 'timed_out' | 'cancelled' | 'failed';
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  /** For `failed`: the errno code of the spawn (ENOENT, EACCES, ...) and its message. */
  readonly spawnErrorCode?: string;
  readonly spawnErrorMessage?: string;
  readonly durationMs: number;
  /**
   * The hook exited but left processes in its group. They are killed when the hook's timeout would have
   * expired, or by `endAllHookProcesses`, whichever comes first.
   */
  readonly leftProcessesBehind?: boolean;
  /** The hook exited but its pipes were still held open (by a background child) and were closed by us. */
  readonly pipesClosedAfterExit?: boolean;
}

const ignore = (): void => {};

/**
 * Runs one hook process in its own process group (setsid), feeds it `input`, captures its output up to the
 * cap, and guarantees the result arrives within `timeoutMs + KILL_GRACE_MS` (plus a reap wait): on timeout
 * or abort the whole group gets SIGTERM, then SIGKILL after the grace, and the pipes are closed from our side.
 */
export function spawnHookProcess(spec: ProcessSpec): Promise<ProcessResult> {
  const startedAt = performance.now();
  if (spec.signal?.aborted) return Promise.resolve(notStarted('cancelled', startedAt));
  if (nativeSpawner !== undefined && !hasNulByte(spec))
    return spawnThroughNative(nativeSpawner, spec, startedAt);
  return spawnDirectly(spec, startedAt);
}

let nativeSpawner: NativeSpawner | undefined;

/**
 * Hooks of this process are started by the native spawn helper from now on (the daemon: docs/daemon.md), or
 * directly again (undefined). Where the helper cannot start or dies, hooks are spawned directly.
 */
export function useNativeSpawner(spawner: NativeSpawner | undefined): void {
  nativeSpawner = spawner;
}

function spawnDirectly(spec: ProcessSpec, startedAt: number): Promise<ProcessResult> {
  return new Promise((resolve) => {
    let child: HookChildProcess;
    try {
      const env = { ...spec.env, [HOOK_RUN_VARIABLE]: spec.marker };
      child = spawn(spec.file, spec.args, { cwd: spec.cwd, env, stdio: 'pipe', detached: true });
    } catch (error) {
      // Synchronous spawn errors: invalid arguments such as a NUL byte in the command.
      const failure = error as NodeJS.ErrnoException;
      resolve({
        ...notStarted('failed', startedAt),
        spawnErrorCode: failure.code ?? 'EINVAL',
        spawnErrorMessage: failure.message,
      });
      return;
    }
    new HookProcess(child, spec, startedAt, resolve);
  });
}

/** The same start through the helper: the hook's group, pipes and guarantees are as above. */
async function spawnThroughNative(
  spawner: NativeSpawner,
  spec: ProcessSpec,
  startedAt: number,
): Promise<ProcessResult> {
  const env = { ...spec.env, [HOOK_RUN_VARIABLE]: spec.marker };
  const started = await spawner.spawn({
    file: spec.file,
    args: spec.args,
    cwd: spec.cwd,
    env,
    input: spec.input,
  });
  if (started === undefined) return spawnDirectly(spec, startedAt);
  if (started instanceof NativeSpawnError) {
    return {
      ...notStarted('failed', startedAt),
      spawnErrorCode: started.code,
      spawnErrorMessage: started.message,
    };
  }
  return new Promise((resolve) => {
    new HookProcess(started, spec, startedAt, resolve);
    started.resume();
  });
}

/** Node refuses a NUL byte in a command line or the environment (a spawn error): the direct path says so. */
function hasNulByte(spec: ProcessSpec): boolean {
  const texts = [spec.file, spec.cwd, ...spec.args];
  for (const [name, value] of Object.entries(spec.env)) texts.push(name, value ?? '');
  return texts.some((text) => text.includes('\0'));
}

/** The result of a hook whose process never ran (already cancelled, or the spawn failed). */
export function notStarted(kind: ProcessResult['kind'], startedAt: number): ProcessResult {
  return { ...NO_OUTPUT, kind, durationMs: performance.now() - startedAt };
}

/** The life of one spawned hook, from spawn to a settled result and a group known to be handled. */
class HookProcess implements LiveProcessGroup {
  readonly pgid: number;
  readonly marker: string;
  private readonly stdout: OutputCollector;
  private readonly stderr: OutputCollector;
  private readonly policy: ProcessEndPolicy;
  private ending: 'timed_out' | 'cancelled' | undefined;
  private exitCode: number | null = null;
  private exitSignal: string | null = null;
  private exited = false;
  private settled = false;
  private pipesClosedAfterExit = false;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private drainTimer: NodeJS.Timeout | undefined;
  private leftoverTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  private readonly whenHandled: Promise<void>;
  private markHandled: () => void = ignore;
  /** An abort (engine closed) ends a running hook, and the leftovers of a finished one too. */
  private readonly abortListener = (): void => {
    void this.end();
  };

  constructor(
    private readonly child: HookChildProcess,
    private readonly spec: ProcessSpec,
    private readonly startedAt: number,
    private readonly resolve: (result: ProcessResult) => void,
  ) {
    this.pgid = child.pid ?? -1;
    this.marker = spec.marker;
    this.policy = spec.end ?? HOOKWIRE_PROCESS_END;
    this.stdout = new OutputCollector(spec.outputCapBytes);
    this.stderr = new OutputCollector(spec.outputCapBytes);
    this.whenHandled = new Promise((markHandled) => {
      this.markHandled = markHandled;
    });
    child.on('error', (error: Error) => this.onError(error as NodeJS.ErrnoException));
    child.stdout.on('data', (chunk: Buffer) => this.stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // A hook that never reads stdin, or exits first, makes this write fail with EPIPE: that is its right.
    child.stdin.on('error', ignore);
    child.stdin.end(spec.input);
    if (child.pid === undefined) return; // spawn failed; 'error' follows
    child.on('exit', (code, signal) => this.onExit(code, signal));
    child.on('close', () => this.settle());
    trackProcessGroup(this);
    this.deadlineTimer = setTimeout(() => this.terminate('timed_out'), spec.timeoutMs);
    this.stopListening = spec.signal ? onAbort(spec.signal, this.abortListener) : undefined;
  }

  end(): Promise<void> {
    if (this.settled) {
      this.killEverything();
      this.forget();
    } else {
      this.terminate('cancelled');
    }
    return this.whenHandled;
  }

  private onError(error: NodeJS.ErrnoException): void {
    if (this.child.pid !== undefined || this.settled) return; // a failed kill or write: not the hook's fate
    this.settled = true;
    this.resolve({
      ...notStarted('failed', this.startedAt),
      spawnErrorCode: error.code ?? 'UNKNOWN',
      spawnErrorMessage: error.message,
    });
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = true;
    this.exitCode = code;
    this.exitSignal = signal;
    if (this.ending === undefined && !this.settled && this.policy.pipesAfterExit === 'drain') {
      this.drainTimer = setTimeout(() => {
        // On a starved event loop (a loaded machine) this timer can come due in the same turn as the hook's
        // last output, and timers run before the poll that reads the pipes: close them only after that poll
        // (setImmediate runs after it), so what the hook wrote before exiting is never dropped.
        setImmediate(() => {
          if (this.settled) return;
          this.pipesClosedAfterExit = true;
          this.settle();
        });
      }, PIPE_DRAIN_AFTER_EXIT_MS);
    }
  }

  /**
   * Ends a hook that ran out of time or was cancelled: SIGTERM to the group, SIGKILL after the policy's
   * grace (at once when it is 0).
   */
  private terminate(reason: 'timed_out' | 'cancelled'): void {
    if (this.ending !== undefined || this.settled) return;
    this.ending = reason;
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.drainTimer);
    const kill = (): void => {
      // Anything left, including members that ignore SIGTERM or closed their stdio, dies now.
      this.killEverything();
      this.forget();
      if (this.settled) return;
      if (this.exited) this.settle();
      else setTimeout(() => this.settle(), REAP_WAIT_AFTER_KILL_MS);
    };
    if (this.policy.killGraceMs === 0) {
      kill();
      return;
    }
    killProcessGroup(this.pgid, 'SIGTERM');
    setTimeout(kill, this.policy.killGraceMs);
  }

  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.drainTimer);
    // Our side of the pipes goes away whatever still holds the other end.
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.stdin.destroy();
    let leftProcessesBehind = false;
    if (this.ending === undefined) {
      leftProcessesBehind = this.policy.killLeftovers && isProcessGroupAlive(this.pgid);
      if (leftProcessesBehind) this.killLeftoversAtDeadline();
      else this.forget();
    }
    this.resolve({
      kind: this.ending ?? 'completed',
      exitCode: this.exitCode,
      signal: this.exitSignal,
      stdout: this.stdout.text(),
      stderr: this.stderr.text(),
      stdoutTruncated: this.stdout.truncated,
      stderrTruncated: this.stderr.truncated,
      durationMs: performance.now() - this.startedAt,
      ...(leftProcessesBehind ? { leftProcessesBehind } : {}),
      ...(this.pipesClosedAfterExit ? { pipesClosedAfterExit: true } : {}),
    });
  }

  /**
   * A hook that exited normally may leave background children in its group. hookwire lets them run until
   * the hook's own deadline (or the engine's close), then kills them: no hook process outlives its timeout.
   * Descendants that left the group (setsid, double fork) are found by the marker in their environment and
   * killed with it; they are not looked for when the group is empty at exit (docs/processes.md).
   */
  private killLeftoversAtDeadline(): void {
    const remainingMs = Math.max(0, this.spec.timeoutMs - (performance.now() - this.startedAt));
    this.leftoverTimer = setTimeout(() => {
      this.killEverything();
      this.forget();
    }, remainingMs);
    this.leftoverTimer.unref();
  }

  /** SIGKILL to the group, then to every process still carrying the marker (those that left the group). */
  private killEverything(): void {
    killProcessGroup(this.pgid, 'SIGKILL');
    killMarkedProcesses((marker) => marker === this.marker);
  }

  private forget(): void {
    clearTimeout(this.leftoverTimer);
    this.stopListening?.();
    untrackProcessGroup(this);
    this.markHandled();
  }
}
