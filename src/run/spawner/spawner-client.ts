import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { onAbort } from '../on-abort.js';
import { hostMarkerId, MARKER_HOST_VARIABLE } from '../process/hook-run-marker.js';
import { type LiveProcessGroup, trackProcessGroup } from '../process/live-process-groups.js';
import { KILL_GRACE_MS, type ProcessResult } from '../process/spawn-hook-process.js';
import type { FromSpawnerMessage, SpawnRequestMessage, ToSpawnerMessage } from './spawner-protocol.js';

/** Beyond a hook's timeout and kill grace: how long the spawner may take to answer before we give up on it. */
const ANSWER_MARGIN_MS = 2_000;

/** How long the spawner may take to start and say it is ready. */
const START_LIMIT_MS = 10_000;

type Answer = (result: ProcessResult | undefined) => void;

/**
 * The host's side of the spawner process: started on the first request, kept for the life of the host, and
 * unreferenced while idle so it never keeps the host alive. Every request has its own deadline here too, so
 * a spawner that dies or hangs costs at most the hook's timeout plus a margin.
 */
export class SpawnerClient implements LiveProcessGroup {
  /** The spawner's hooks are groups of its own; it ends them itself when asked or when we go away. */
  readonly pgid = undefined;
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Answer>();
  private nextId = 1;

  /**
   * Runs one hook in the spawner; resolves to undefined when the spawner failed (not the hook), and to
   * `unavailable` when it could not be started at all, so the hook certainly did not run.
   */
  async run(
    request: Omit<SpawnRequestMessage, 'type' | 'id'>,
    signal: AbortSignal | undefined,
  ): Promise<ProcessResult | undefined | 'unavailable'> {
    await this.start();
    if (!this.child?.connected) return 'unavailable';
    const id = this.nextId++;
    const stopListening = signal ? onAbort(signal, () => this.send({ type: 'cancel', id })) : undefined;
    try {
      return await this.ask(
        id,
        { type: 'run', id, ...request },
        request.timeoutMs + KILL_GRACE_MS + ANSWER_MARGIN_MS,
      );
    } finally {
      stopListening?.();
    }
  }

  /** The spawner's pid while it runs. */
  processId(): number | undefined {
    return this.child?.connected ? this.child.pid : undefined;
  }

  /** Ends every hook the spawner is running or left behind (engine close). */
  async end(): Promise<void> {
    if (this.child === undefined) return;
    const id = this.nextId++;
    await this.ask(id, { type: 'end-all', id }, KILL_GRACE_MS + ANSWER_MARGIN_MS);
  }

  private ask(id: number, message: ToSpawnerMessage, limitMs: number): Promise<ProcessResult | undefined> {
    // A spawner that could not start, or died before we asked, cannot answer: say so at once.
    if (!this.child?.connected) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.answer(id, undefined), limitMs);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.child?.channel?.ref();
      this.send(message);
    });
  }

  private answer(id: number, result: ProcessResult | undefined): void {
    const resolve = this.pending.get(id);
    if (resolve === undefined) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.child?.channel?.unref();
    resolve(result);
  }

  private send(message: ToSpawnerMessage): void {
    if (this.child?.connected) this.child.send(message);
  }

  private start(): Promise<void> {
    if (this.ready !== undefined) return this.ready;
    const { entry, execArgv } = spawnerEntry();
    // Not detached: the spawner is part of the host. stderr is dropped because the library never prints.
    const child = spawn(process.execPath, [...execArgv, entry], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { ...process.env, [MARKER_HOST_VARIABLE]: hostMarkerId() },
    });
    this.child = child;
    trackProcessGroup(this);
    this.ready = new Promise((resolve) => {
      // A spawner that cannot start (no usable Node at execPath) or never says ready is given up on.
      const startTimer = setTimeout(() => child.kill('SIGKILL'), START_LIMIT_MS);
      startTimer.unref();
      const gone = (): void => {
        clearTimeout(startTimer);
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        resolve();
        for (const id of [...this.pending.keys()]) this.answer(id, undefined);
      };
      child.on('message', (message: FromSpawnerMessage) => {
        if (message.type === 'ready') {
          clearTimeout(startTimer);
          resolve();
        } else this.answer(message.id, message.result);
      });
      child.on('error', gone);
      child.on('exit', gone);
    });
    child.unref();
    return this.ready;
  }
}

/** The spawner's entry file: compiled beside this module in dist, or the TypeScript source run through tsx. */
function spawnerEntry(): { entry: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./spawner-main.js', import.meta.url));
  if (existsSync(compiled)) return { entry: compiled, execArgv: [] };
  return {
    entry: fileURLToPath(new URL('./spawner-main.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}
