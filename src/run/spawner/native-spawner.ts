/*
 * The daemon's spawn helper (`hookwire-client --spawner`, native/client/spawner.c): a small native process
 * that forks each hook, so that the fork copies its page tables, not those of a 60-70 MB Node process. It
 * starts the hook as `spawn(file, args, { detached: true, stdio: 'pipe' })` would (its own session, socket
 * pairs for stdio, the hook's PATH) and relays output and exit; this side keeps everything else of a hook's
 * run (spawn-hook-process.ts: timeouts, the group's kills, the cap, the leftovers), signalling the hook's
 * group directly, as for a hook it spawned itself. Wire format: spawner.c.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { getSystemErrorName } from 'node:util';
import { killProcessGroup } from '../process/kill-process-group.js';

/** What spawnHookProcess reads of a started hook: a ChildProcess, or this helper's stand-in for one. */
export interface HookChildProcess {
  readonly pid?: number | undefined;
  readonly stdin: {
    on(event: 'error', listener: () => void): unknown;
    end(input: string): unknown;
    destroy(): unknown;
  };
  readonly stdout: HookOutputStream;
  readonly stderr: HookOutputStream;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

interface HookOutputStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  destroy(): unknown;
}

/** How long the helper may take to say it runs before hooks are spawned directly instead. */
const START_LIMIT_MS = 5_000;
const HELLO = 'HWS1';

/** A spawn the helper refused, as Node reports one: code and message. */
export class NativeSpawnError extends Error {
  constructor(
    readonly code: string,
    file: string,
  ) {
    super(`spawn ${file} ${code}`);
  }
}

/**
 * The helper's stand-in for a ChildProcess: output, exit and close as Node emits them. What the helper says
 * before `resume()` (the hook's owner attached its listeners) is held, in order.
 */
export class HelperChild extends EventEmitter implements HookChildProcess {
  readonly stdout = new HelperStream(() => this.closeStreams());
  readonly stderr = new HelperStream(() => this.closeStreams());
  readonly stdin = { on: () => this.stdin, end: () => this.stdin, destroy: () => this.closeStreams() };
  private exited = false;
  private ended = 0;
  private closedStreams = false;
  private held: Array<() => void> | undefined = [];

  constructor(
    readonly pid: number,
    private readonly helper: NativeSpawner,
    private readonly id: number,
  ) {
    super();
  }

  /** Delivers what was held, and from now on at once. */
  resume(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const deliver of held) deliver();
  }

  /** From the helper: delivered now, or held until `resume()`. */
  receive(deliver: () => void): void {
    if (this.held === undefined) deliver();
    else this.held.push(deliver);
  }

  output(stream: 1 | 2, chunk: Buffer): void {
    (stream === 1 ? this.stdout : this.stderr).emit('data', chunk);
  }

  streamEnded(): void {
    this.ended++;
    this.closeIfDone();
  }

  exit(code: number, signal: number): void {
    this.exited = true;
    const signalName = signal === 0 ? null : (signalNames.get(signal) ?? null);
    this.emit('exit', signal === 0 ? code : null, signalName);
    this.closeIfDone();
  }

  /** The helper died: the hook's group cannot be watched any more, so it ends now, as if killed. */
  lost(): void {
    killProcessGroup(this.pid, 'SIGKILL');
    if (!this.exited) this.exit(0, 9);
    this.ended = 2;
    this.closeIfDone();
  }

  private closeStreams(): void {
    if (this.closedStreams) return;
    this.closedStreams = true;
    this.helper.closeStreams(this.id);
    this.ended = 2;
    this.closeIfDone();
  }

  private closeIfDone(): void {
    if (this.exited && this.ended >= 2) {
      this.ended = Number.NEGATIVE_INFINITY;
      this.helper.forget(this.id);
      this.emit('close');
    }
  }
}

class HelperStream extends EventEmitter implements HookOutputStream {
  constructor(private readonly onDestroy: () => void) {
    super();
  }

  destroy(): void {
    this.onDestroy();
  }
}

const signalNames = new Map<number, NodeJS.Signals>(
  Object.entries(process.getBuiltinModule('node:os').constants.signals).map(
    ([name, number]) => [number, name as NodeJS.Signals] as const,
  ),
);

type Pending = (started: HelperChild | NativeSpawnError) => void;

/**
 * One helper process, started on the first spawn and kept for the life of the daemon (unreferenced: it never
 * keeps the process alive). `spawn` answers a started hook, a spawn error, or undefined when the helper is
 * not usable (it never said hello, or died): the caller then spawns directly.
 */
export class NativeSpawner {
  private child: ChildProcess | undefined;
  private ready: Promise<boolean> | undefined;
  private readonly pending = new Map<number, { resolve: Pending; file: string }>();
  private readonly running = new Map<number, HelperChild>();
  private nextId = 1;
  private received = Buffer.alloc(0);
  private usable = true;

  constructor(private readonly helperFile: string) {}

  async spawn(spec: {
    file: string;
    args: readonly string[];
    cwd: string;
    env: NodeJS.ProcessEnv;
    input: string;
  }): Promise<HelperChild | NativeSpawnError | undefined> {
    // A helper that died after its start is not asked again: hooks are then spawned directly.
    if (!(await this.start()) || !this.usable) return undefined;
    const id = this.nextId++;
    const frame = spawnFrame(id, spec);
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, file: spec.file });
      this.child?.stdin?.write(frame);
      this.referenced(true);
    });
  }

  /** Whether the helper runs now (for tests and reports). */
  processId(): number | undefined {
    return this.usable ? this.child?.pid : undefined;
  }

  closeStreams(id: number): void {
    const frame = Buffer.alloc(9);
    frame.writeUInt32LE(5, 0);
    frame.write('C', 4, 'latin1');
    frame.writeUInt32LE(id, 5);
    if (this.usable) this.child?.stdin?.write(frame);
  }

  forget(id: number): void {
    this.running.delete(id);
    // Often after the last frame was read (the hook's owner closed its streams): an idle daemon must exit.
    this.unrefIfIdle();
  }

  private start(): Promise<boolean> {
    this.ready ??= new Promise((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn(this.helperFile, ['--spawner'], { stdio: ['pipe', 'pipe', 'ignore'] });
      } catch {
        resolve(false);
        return;
      }
      this.child = child;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(false);
      }, START_LIMIT_MS);
      let greeted = false;
      child.on('error', () => this.gone(resolve, timer));
      child.on('exit', () => this.gone(resolve, timer));
      child.stdin?.on('error', () => this.gone(resolve, timer));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.received = Buffer.concat([this.received, chunk]);
        if (!greeted) {
          if (this.received.length < HELLO.length) return;
          if (this.received.subarray(0, HELLO.length).toString('latin1') !== HELLO) {
            child.kill('SIGKILL');
            return;
          }
          greeted = true;
          clearTimeout(timer);
          this.received = this.received.subarray(HELLO.length);
          this.unrefIfIdle();
          resolve(true);
        }
        this.readFrames();
      });
    });
    return this.ready;
  }

  private gone(resolve: (usable: boolean) => void, timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.usable = false;
    resolve(false);
    for (const [id, { resolve: answer }] of this.pending) {
      this.pending.delete(id);
      answer(new NativeSpawnError('ESPAWNER', 'hookwire-client --spawner'));
    }
    for (const child of [...this.running.values()]) child.receive(() => child.lost());
  }

  private readFrames(): void {
    while (this.received.length >= 4) {
      const length = this.received.readUInt32LE(0);
      if (this.received.length < 4 + length) return;
      const frame = this.received.subarray(4, 4 + length);
      this.received = this.received.subarray(4 + length);
      this.onFrame(frame);
    }
    this.unrefIfIdle();
  }

  private onFrame(frame: Buffer): void {
    const type = String.fromCharCode(frame[0] ?? 0);
    const id = frame.readUInt32LE(1);
    if (type === 'P' || type === 'F') {
      const waiting = this.pending.get(id);
      if (waiting === undefined) return;
      this.pending.delete(id);
      if (type === 'F') {
        const errno = frame.readUInt32LE(5);
        waiting.resolve(new NativeSpawnError(systemErrorName(errno), waiting.file));
        return;
      }
      const started = new HelperChild(frame.readUInt32LE(5), this, id);
      this.running.set(id, started);
      waiting.resolve(started);
      return;
    }
    const child = this.running.get(id);
    if (child === undefined) return;
    if (type === 'O') {
      const stream = frame.readUInt32LE(5) === 2 ? 2 : 1;
      const chunk = Buffer.from(frame.subarray(9));
      child.receive(() => child.output(stream, chunk));
    } else if (type === 'D') child.receive(() => child.streamEnded());
    else if (type === 'X') {
      const code = frame.readUInt32LE(5);
      const signal = frame.readUInt32LE(9);
      child.receive(() => child.exit(code, signal));
    }
  }

  /** Idle (nothing started or running), the helper must not keep the daemon's event loop alive. */
  private unrefIfIdle(): void {
    if (this.pending.size === 0 && this.running.size === 0) this.referenced(false);
  }

  private referenced(referenced: boolean): void {
    const child = this.child;
    if (child === undefined) return;
    // The helper's pipes are sockets (net.Socket), which a Writable/Readable type does not show.
    for (const handle of [child, child.stdin, child.stdout] as unknown as Array<{
      ref?(): void;
      unref?(): void;
    }>) {
      if (referenced) handle?.ref?.();
      else handle?.unref?.();
    }
  }
}

function systemErrorName(errno: number): string {
  try {
    return getSystemErrorName(-errno);
  } catch {
    return 'UNKNOWN';
  }
}

/** 'S' id file argc argv... cwd envc env... stdin, as spawner.c reads it. */
function spawnFrame(
  id: number,
  spec: { file: string; args: readonly string[]; cwd: string; env: NodeJS.ProcessEnv; input: string },
): Buffer {
  const parts: Buffer[] = [];
  const number = (value: number): void => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value, 0);
    parts.push(bytes);
  };
  const text = (value: string): void => {
    const bytes = Buffer.from(value, 'utf8');
    number(bytes.length);
    parts.push(bytes);
  };
  parts.push(Buffer.from('S', 'latin1'));
  number(id);
  text(spec.file);
  number(spec.args.length + 1);
  text(spec.file);
  for (const argument of spec.args) text(argument);
  text(spec.cwd);
  const variables = Object.entries(spec.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  number(variables.length);
  for (const [name, value] of variables) text(`${name}=${value}`);
  text(spec.input);
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}
