import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import {
  type DaemonRequest,
  decodeRequest,
  encodeAnswer,
  encodeHello,
  HEARTBEAT,
  MalformedRequest,
  requestLength,
} from '../../daemon-protocol/daemon-wire.js';

/** What the daemon does with one event: answer it, writing stdout and stderr through `write`. */
export type AnswerRequest = (
  request: DaemonRequest,
  write: (descriptor: 1 | 2, text: string) => void,
  /** Aborted when the client goes away before its answer (the host killed it): end the event's hooks. */
  signal: AbortSignal,
  /** Ends a phase of the event in the profile (a no-op unless `profile`). */
  mark: (phase: string) => void,
) => Promise<{ exitCode: number; afterAnswer: () => Promise<void> }>;

/** Options of `startDaemonServer`. */
export interface DaemonServerOptions {
  readonly socketPath: string;
  readonly version: string;
  readonly answer: AnswerRequest;
  /** Exit when nothing happened for this long and nothing is running (ms). */
  readonly idleMs: number;
  /** Work that outlives its request (background hooks): the daemon does not go idle while any runs. */
  readonly busy: () => number;
  /** Called after each answer: true asks the daemon to stop (its own files changed: an upgrade). */
  readonly shouldRetire: () => boolean;
  readonly log: (line: string) => void;
  /** Log one line per event: how long each phase took (ms), from the connection to the answer written. */
  readonly profile?: boolean;
  /** How long a connection has to send its whole request (ms; default REQUEST_TIME_LIMIT_MS). */
  readonly requestTimeLimitMs?: number;
  /** The most all partial requests together may hold (bytes; default PARTIAL_REQUESTS_BUDGET_BYTES). */
  readonly partialRequestsBudgetBytes?: number;
  /** How often the heartbeat goes out between a request and its answer (ms; default HEARTBEAT_INTERVAL_MS). */
  readonly heartbeatMs?: number;
}

/** A client sends its request at once after the hello: 10 s is a machine that has stopped, or a peer that lies. */
const REQUEST_TIME_LIMIT_MS = 10_000;
/** Three of the largest requests at once; more partial bytes than that are refused, never buffered. */
const PARTIAL_REQUESTS_BUDGET_BYTES = 64 * 1024 * 1024;
/** The client gives up after 15 s without a byte (native/client/hookwire-client.c, WAIT_LIMIT_MS). */
const HEARTBEAT_INTERVAL_MS = 1000;

/** A running daemon: resolves `stopped` once it has closed its socket and finished what it had greeted. */
export interface DaemonServer {
  readonly stopped: Promise<string>;
  stop(reason: string): void;
  /** The bytes of partial requests held now, over every connection: never past the budget. */
  heldRequestBytes(): number;
}

const noMark = (): void => undefined;

/** One event's phases, each with the ms since the previous one (the first: since the connection). */
function eventProfile(): { mark: (phase: string) => void; line: () => string } {
  const started = performance.now();
  let last = started;
  const phases: string[] = [];
  return {
    mark: (phase) => {
      const now = performance.now();
      phases.push(`${phase} ${(now - last).toFixed(2)}`);
      last = now;
    },
    line: () => `${phases.join(', ')}; total ${(last - started).toFixed(2)} ms`,
  };
}

/** The code the answer carries when the daemon cannot read or answer a request: hookwire's own failure, blocking. */
const OWN_FAILURE_EXIT_CODE = 2;

/**
 * Listens on the socket (0600, inside the 0700 runtime directory) and answers each connection: a hello at
 * once, then the request the client half-closes, then the answer. A connection that closes before its
 * answer aborts its event. Idle for `idleMs` with nothing in flight, or retired, it first removes its socket
 * (a client from then on starts a new daemon rather than reach this one), then stops accepting, finishes
 * the requests it greeted, and resolves `stopped`.
 */
export function startDaemonServer(options: DaemonServerOptions): Promise<DaemonServer> {
  const requestTimeLimitMs = options.requestTimeLimitMs ?? REQUEST_TIME_LIMIT_MS;
  const partialRequestsBudget = options.partialRequestsBudgetBytes ?? PARTIAL_REQUESTS_BUDGET_BYTES;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  /** The bytes of requests not yet whole, over every connection. */
  let partialBytes = 0;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  let resolveStopped: (reason: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    resolveStopped = resolve;
  });
  let stopReason = '';

  const server: Server = createServer((socket) => {
    if (stopping) {
      // No hello: the client knows this daemon never saw its event, and starts another or falls back.
      socket.destroy();
      return;
    }
    inFlight++;
    clearIdle();
    serve(socket).finally(() => {
      inFlight--;
      if (!stopping && options.shouldRetire()) stop('its files changed (an upgrade)');
      else armIdle();
      maybeFinish();
    });
  });

  async function serve(socket: Socket): Promise<void> {
    const profile = options.profile ? eventProfile() : undefined;
    const mark = profile?.mark ?? noMark;
    const controller = new AbortController();
    let answered = false;
    // The client keeps its side open until the answer: an end before it is the client's death.
    const gone = () => {
      if (!answered) controller.abort(new Error('the client went away'));
    };
    socket.on('end', gone);
    socket.on('close', gone);
    socket.on('error', () => undefined);
    socket.write(encodeHello(options.version));
    let request: DaemonRequest;
    try {
      const bytes = await readRequest(socket);
      if (bytes === undefined) return;
      request = decodeRequest(bytes);
      mark('request');
    } catch (error) {
      if (!(error instanceof MalformedRequest)) throw error;
      answered = true;
      socket.end(encodeAnswer(OWN_FAILURE_EXIT_CODE, '', `hookwire daemon: ${error.message}\n`));
      return;
    }
    const out: string[] = [];
    const err: string[] = [];
    let answer: Awaited<ReturnType<AnswerRequest>>;
    const heartbeat = setInterval(() => {
      if (!answered && !socket.destroyed) socket.write(HEARTBEAT);
    }, heartbeatMs);
    heartbeat.unref();
    try {
      answer = await options.answer(
        request,
        (descriptor, text) => (descriptor === 1 ? out : err).push(text),
        controller.signal,
        mark,
      );
    } catch (error) {
      clearInterval(heartbeat);
      // A bug of ours, never the event's allow: answered as hookwire's own failure, which blocks.
      options.log(`cannot answer an event: ${error instanceof Error ? error.stack : String(error)}`);
      answered = true;
      socket.end(
        encodeAnswer(
          OWN_FAILURE_EXIT_CODE,
          '',
          `hookwire daemon: cannot answer the event: ${String(error)}\n`,
        ),
      );
      return;
    }
    clearInterval(heartbeat);
    answered = true;
    if (!socket.destroyed) socket.end(encodeAnswer(answer.exitCode, out.join(''), err.join('')));
    if (profile !== undefined) {
      mark('answer');
      options.log(`profile: ${profile.line()}`);
    }
    await answer.afterAnswer();
  }

  /*
   * The request's bytes once complete; undefined when the client went away first. Bounded in size
   * (REQUEST_LIMIT_BYTES), in time (requestTimeLimitMs from the hello) and, over every connection, in the
   * bytes of partial requests held (the budget): past any of them, a MalformedRequest, which is answered
   * with hookwire's own failure and the connection closed, so that no client buffers without bound.
   */
  function readRequest(socket: Socket): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let expected: number | undefined;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.removeListener('data', onData);
        partialBytes -= length;
        outcome();
      };
      const timer = setTimeout(
        () => settle(() => reject(new MalformedRequest(`no whole request within ${requestTimeLimitMs} ms`))),
        requestTimeLimitMs,
      );
      const onData = (chunk: Buffer) => {
        if (partialBytes + chunk.length > partialRequestsBudget) {
          settle(() =>
            reject(
              new MalformedRequest(
                `the daemon holds ${partialBytes} bytes of partial requests, its limit (${partialRequestsBudget})`,
              ),
            ),
          );
          return;
        }
        chunks.push(chunk);
        length += chunk.length;
        partialBytes += chunk.length;
        try {
          expected ??= requestLength(chunks.length === 1 ? chunk : Buffer.concat(chunks));
        } catch (error) {
          settle(() => reject(error));
          return;
        }
        if (expected !== undefined && length >= expected)
          settle(() => resolve(Buffer.concat(chunks).subarray(0, expected)));
      };
      socket.on('data', onData);
      const gone = () => settle(() => resolve(undefined));
      socket.once('end', gone);
      socket.once('close', gone);
    });
  }

  function clearIdle(): void {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
  }
  function armIdle(): void {
    clearIdle();
    if (stopping || inFlight > 0) return;
    idleTimer = setTimeout(() => {
      if (inFlight === 0 && options.busy() === 0) stop(`idle for ${options.idleMs} ms`);
      else armIdle();
    }, options.idleMs);
    idleTimer.unref();
  }
  function stop(reason: string): void {
    if (stopping) return;
    stopping = true;
    stopReason = reason;
    clearIdle();
    try {
      unlinkSync(options.socketPath);
    } catch {
      // Already gone (removed by hand, or a newer daemon took the name): nothing of ours to remove.
    }
    server.close();
    maybeFinish();
  }
  function maybeFinish(): void {
    if (!stopping || inFlight > 0) return;
    if (options.busy() > 0) {
      setTimeout(maybeFinish, 100).unref();
      return;
    }
    options.log(`stopping: ${stopReason}`);
    resolveStopped(stopReason);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const previousMask = process.umask(0o077);
    server.listen(options.socketPath, () => {
      process.umask(previousMask);
      chmodSync(options.socketPath, 0o600);
      server.removeListener('error', reject);
      server.on('error', (error) => options.log(`server error: ${String(error)}`));
      armIdle();
      resolve({ stopped, stop, heldRequestBytes: () => partialBytes });
    });
  });
}
