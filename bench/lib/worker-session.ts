import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A message a session worker answers: `{ ok: true, value }` or `{ ok: false, error }`. */
type Reply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/**
 * A long-lived benchmark worker (TypeScript through tsx) driven over IPC, one request at a time, so that
 * variants living in different processes can still be interleaved in random order from one driver.
 */
export class WorkerSession {
  private readonly child: ChildProcess;
  private pending: ((reply: Reply) => void) | undefined;
  private stderr = '';
  private readonly exited: Promise<void>;

  constructor(scriptUrl: URL, args: readonly string[]) {
    this.child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(scriptUrl), ...args], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.child.on('message', (reply: Reply) => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.(reply);
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.pending?.({ ok: false, error: `worker exited with ${code ?? signal}: ${this.stderr.trim()}` });
        resolve();
      });
    });
  }

  /** Sends one request and resolves with the worker's answer; rejects with the worker's error. */
  request<Value>(message: unknown): Promise<Value> {
    if (this.pending !== undefined) throw new Error('WorkerSession: one request at a time');
    return new Promise((resolve, reject) => {
      this.pending = (reply) => (reply.ok ? resolve(reply.value as Value) : reject(new Error(reply.error)));
      this.child.send(message as object);
    });
  }

  /** Asks the worker to finish, then kills it if it has not within two seconds. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * The worker side: answers each IPC request with `handle`'s value or error, and exits when the driver
 * disconnects (after `onDisconnect`, which closes whatever the worker opened).
 */
export function serveRequests(
  handle: (message: unknown) => Promise<unknown>,
  onDisconnect: () => Promise<void> = async () => {},
): void {
  process.on('message', (message) => {
    handle(message).then(
      (value) => process.send!({ ok: true, value }),
      (error: unknown) =>
        process.send!({
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
  process.on('disconnect', () => {
    onDisconnect().finally(() => process.exit(0));
  });
}
