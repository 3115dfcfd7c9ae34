import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isRecord } from '../common/is-record.js';
import type { Engine } from '../engine/engine.js';
import { HookwireError } from '../errors/hookwire-error.js';
import { unknownEvent } from '../events/hook-io.js';
import type { Host } from '../hosts/host.js';
import { hostNamed } from '../hosts/registry.js';
import type { Outcome } from '../outcome/outcome.js';
import { withTraceParent } from '../telemetry/request-trace-parent.js';
import { bearerTokenMatches } from './bearer-token.js';
import { confinePayload } from './confine-payload.js';
import { readRequestBody } from './read-request-body.js';

/** Options of `createHookServer`. */
export interface HookServerOptions {
  /** Fires the events; closed by `close()` once the last event in flight has been answered. */
  readonly engine: Pick<Engine, 'fire' | 'close'>;
  /** The bearer token every hook request must carry. Required unless `insecureNoAuth` on loopback. */
  readonly token?: string;
  /** Accept requests without a token. `listen` refuses it on any host but a loopback one. */
  readonly insecureNoAuth?: boolean;
  /** The agent whose http hooks POST here: its `answer.http` encodes each outcome. Default Claude Code. */
  readonly host?: Pick<Host, 'answer'>;
  /**
   * The other agents a request may name, by `?host=NAME` or the `X-Hookwire-Host` header: the host and
   * the engine that runs its events (its event and payload are mapped onto the catalogue's, its answer is
   * the host's `answer.http`). Rejects with a `usage` HookwireError for a name it does not know (400).
   * Without it, a request that names a host is refused (400).
   */
  readonly hosts?: (name: string) => Promise<ServedHost>;
  /** Larger request bodies are answered 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Events run at once; more are answered 503 with Retry-After. Default 64. */
  readonly maxConcurrent?: number;
  /**
   * A body not complete this long after its headers is answered 408 and its connection closed, and so are
   * headers not complete this long after the request began. Bodies being received do not hold an event's
   * place: a slow client cannot keep others from being served. Default 10 s.
   */
  readonly bodyTimeoutMs?: number;
  /** Bodies received at once (each up to `maxBodyBytes`); more are answered 503. Default 4 × maxConcurrent. */
  readonly maxReceiving?: number;
  /**
   * Where hooks run: a payload's `cwd` comes from the network and is replaced by this one (unless it lies
   * in `clientDirectories`). Default: process.cwd().
   */
  readonly fallbackCwd?: string;
  /**
   * Directories shared with clients, as real paths: a payload's `cwd`, `transcript_path` and
   * `agent_transcript_path` are kept only when they lie inside one (see `confinePayload`). Default none.
   */
  readonly clientDirectories?: readonly string[];
  /** One line per request: event, decision, status, duration. Never the payload, never a header. */
  readonly log?: (line: string) => void;
  /** How long `close()` waits for events in flight before cutting connections. Default 30 s. */
  readonly shutdownDeadlineMs?: number;
}

/** An agent `serve` answers, with the engine that runs its events. */
export interface ServedHost {
  readonly host: Pick<Host, 'answer' | 'events' | 'name'>;
  readonly engine: Pick<Engine, 'fire'>;
}

/** The header a request may name its agent with (or `?host=NAME`). */
export const HOST_HEADER = 'x-hookwire-host';

/** A running (or ready) hook server. */
export interface HookServer {
  readonly server: Server;
  /** Starts listening; resolves with the bound address. Throws a `usage` HookwireError for unsafe setups. */
  listen(port: number, host?: string): Promise<{ host: string; port: number; url: string }>;
  /** Graceful stop: no new connections, events in flight are answered, then the engine is closed. */
  close(): Promise<void>;
  /** Events being run right now. */
  readonly inFlight: number;
  /** Requests whose body is still arriving. */
  readonly receiving: number;
}

/** Larger request bodies are answered 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Events run at once; more are answered 503. */
export const DEFAULT_MAX_CONCURRENT = 64;
/** A body must be complete within this long of its headers, else 408. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Whether a listening host only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.test(host);
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * Creates the server behind `hookwire serve`: it accepts the protocol's POSTs (`/` or `/hooks/<Event>`;
 * the event is the payload's `hook_event_name`), fires them through the engine and answers 200 with the
 * merged outcome as the JSON an http hook answers (the host's `answer.http`: Claude Code's `toHttpAnswer`). `GET /healthz` needs no token.
 * Refusals: 401 (token), 404, 405, 400 (not a JSON object, no or conflicting event), 408 (body too
 * slow), 413, 503 (saturated or shutting down). The library never prints: `log` receives one line per request.
 */
export function createHookServer(options: HookServerOptions): HookServer {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const maxReceiving = options.maxReceiving ?? 4 * maxConcurrent;
  const fallbackCwd = options.fallbackCwd ?? process.cwd();
  const log = options.log ?? (() => undefined);
  const answer = (options.host ?? hostNamed()).answer.http;
  /** Every request being handled, body or event: what `close()` waits for. */
  const pending = new Set<Promise<unknown>>();
  let receiving = 0;
  let running = 0;
  let closing: Promise<void> | undefined;

  const send = (response: ServerResponse, reply: Reply) => {
    const text = JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...(closing || [408, 413, 503].includes(reply.status) ? { connection: 'close' } : {}),
      ...reply.headers,
    });
    response.end(text);
  };

  const busy = (): Reply => ({
    status: 503,
    body: { error: closing ? 'shutting down' : 'busy' },
    headers: { 'retry-after': '1' },
  });

  const receive = async (request: IncomingMessage, path: string): Promise<Reply & { event?: string }> => {
    receiving += 1;
    const body = await readRequestBody(request, maxBodyBytes, bodyTimeoutMs).finally(() => {
      receiving -= 1;
    });
    if (body.kind === 'too_large') return { status: 413, body: { error: `body over ${maxBodyBytes} bytes` } };
    if (body.kind === 'timed_out') {
      return { status: 408, body: { error: `body not complete within ${bodyTimeoutMs / 1000} s` } };
    }
    if (body.kind === 'aborted') return { status: 400, body: { error: 'request body incomplete' } };
    // An event's place is taken only now that its body is in.
    if (closing || running >= maxConcurrent) return busy();
    running += 1;
    try {
      return await fire(request, path, body.text);
    } finally {
      running -= 1;
    }
  };

  const fire = async (
    request: IncomingMessage,
    path: string,
    text: string,
  ): Promise<Reply & { event?: string }> => {
    const named = hostNameOf(request);
    if (typeof named === 'object') return named;
    let served: ServedHost | undefined;
    if (named !== undefined) {
      if (options.hosts === undefined)
        return { status: 400, body: { error: 'this server answers one agent: name no host' } };
      try {
        served = await options.hosts(named);
      } catch (error) {
        const known = error instanceof HookwireError && error.kind === 'usage';
        return { status: known ? 400 : 500, body: { error: known ? error.message : 'internal error' } };
      }
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return { status: 400, body: { error: 'the body is not JSON' } };
    }
    if (!isRecord(payload)) {
      return { status: 400, body: { error: 'the body is not a JSON object' } };
    }
    const given = payload;
    const inPayload = typeof given.hook_event_name === 'string' ? given.hook_event_name : undefined;
    const routed = path.startsWith('/hooks/') ? decodedSegment(path.slice('/hooks/'.length)) : undefined;
    if (routed === null)
      return { status: 400, body: { error: 'the event in the path is not valid percent-encoding' } };
    const hostEvent = routed ?? inPayload;
    if (hostEvent === undefined) return { status: 400, body: { error: 'no hook_event_name in the payload' } };
    if (routed !== undefined && inPayload !== undefined && routed !== inPayload) {
      return { status: 400, body: { error: `the path says ${routed}, the payload says ${inPayload}` } };
    }
    // A named agent's event and payload, under the catalogue's names (what its hooks match and read).
    const incoming = served?.host.events.incoming(hostEvent, given);
    const event =
      incoming === undefined ? hostEvent : (served?.host.events.toCatalogue(incoming.event) ?? hostEvent);
    const fields = incoming?.payload ?? given;
    const engine = served?.engine ?? options.engine;
    const form = answerFormOf(request);
    if (typeof form === 'object') return form;
    const hostAnswer = served?.host.answer ?? options.host?.answer ?? hostNamed().answer;
    // The command form is what `hookwire run --server` writes as its own stdout, stderr and exit code: the
    // same outcome, encoded as the host reads a command hook (for hosts that have no http hooks).
    const encode =
      form === 'command'
        ? (outcome: Outcome) => hostAnswer.command(outcome, incoming)
        : (outcome: Outcome) =>
            served === undefined ? answer(outcome) : served.host.answer.http(outcome, incoming);
    const local = await confinePayload(event, fields, {
      cwd: fallbackCwd,
      clientDirectories: options.clientDirectories ?? [],
    });
    try {
      // The caller's trace context (W3C `traceparent`) goes with the firing, for the spans `serve` exports.
      const outcome = await withTraceParent(request.headers.traceparent, () =>
        engine.fire(unknownEvent(event), local),
      );
      return {
        status: 200,
        body: encode(outcome),
        event: `${event} decision=${outcome.decision ?? 'none'}`,
      };
    } catch (error) {
      const known = error instanceof HookwireError && error.kind !== 'internal';
      const message = error instanceof Error ? error.message : String(error);
      return { status: known ? 400 : 500, body: { error: known ? message : 'internal error' }, event };
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const finish = (reply: Reply & { event?: string }) => {
      send(response, reply);
      const duration = (performance.now() - started).toFixed(1);
      log(`${request.method} ${reply.event ?? path} status=${reply.status} ${duration}ms`);
    };
    if (path === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      send(response, { status: closing ? 503 : 200, body: { ok: !closing, inFlight: running, receiving } });
      return;
    }
    if (options.token !== undefined && !bearerTokenMatches(request.headers.authorization, options.token)) {
      finish({ status: 401, body: { error: 'unauthorized' }, headers: { 'www-authenticate': 'Bearer' } });
      return;
    }
    if (path !== '/' && !/^\/hooks\/[^/]+$/.test(path)) {
      finish({ status: 404, body: { error: 'POST to / or /hooks/<Event>' } });
      return;
    }
    if (request.method !== 'POST') {
      finish({ status: 405, body: { error: 'use POST' }, headers: { allow: 'POST' } });
      return;
    }
    if (closing || running >= maxConcurrent || receiving >= maxReceiving) {
      finish(busy());
      return;
    }
    const work = receive(request, path).then(finish, () =>
      finish({ status: 500, body: { error: 'internal error' } }),
    );
    pending.add(work);
    work.finally(() => pending.delete(work));
  };

  // A request's headers, like its body, have bodyTimeoutMs to arrive: they come before authentication,
  // from anyone, and Node's own defaults let a connection that trickles them stay 60 to 90 s. Node answers
  // 408 and closes the connection; its check runs at connectionsCheckingInterval, so that is kept short.
  const server = createServer(
    {
      headersTimeout: bodyTimeoutMs,
      requestTimeout: 2 * bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, bodyTimeoutMs),
    },
    handle,
  );
  // Clients keep connections alive between events; idle ones may stay longer than node's 5 s default.
  server.keepAliveTimeout = 30_000;

  return {
    server,
    get inFlight() {
      return running;
    },
    get receiving() {
      return receiving;
    },
    listen(port, host = '127.0.0.1') {
      if (options.token === undefined && !(options.insecureNoAuth && isLoopbackHost(host))) {
        throw new HookwireError(
          'usage',
          options.insecureNoAuth
            ? `refusing to serve without a token on ${host}: --insecure-no-auth is allowed on loopback only`
            : 'refusing to serve without a bearer token (set one, or use --insecure-no-auth on loopback)',
        );
      }
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ host: address.address, port: address.port, url: `http://${shown}:${address.port}` });
        });
      });
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = new Promise((resolve) =>
          setTimeout(resolve, options.shutdownDeadlineMs ?? 30_000).unref(),
        );
        await Promise.race([Promise.allSettled([...pending]), deadline]);
        server.closeIdleConnections();
        const grace = setTimeout(() => server.closeAllConnections(), 1_000).unref();
        await stopped;
        clearTimeout(grace);
        await options.engine.close();
      })();
      return closing;
    },
  };
}

/**
 * The agent a request names (`?host=NAME` or the X-Hookwire-Host header), undefined when none, or the
 * refusal when it names two different ones.
 */
function hostNameOf(request: IncomingMessage): string | undefined | Reply {
  const query = (request.url ?? '').split('?')[1];
  const inQuery = query === undefined ? undefined : (new URLSearchParams(query).get('host') ?? undefined);
  const header = request.headers[HOST_HEADER];
  const inHeader = typeof header === 'string' && header !== '' ? header : undefined;
  if (inQuery !== undefined && inHeader !== undefined && inQuery !== inHeader) {
    return { status: 400, body: { error: `?host= says ${inQuery}, ${HOST_HEADER} says ${inHeader}` } };
  }
  return inQuery ?? inHeader;
}

/** The header a request may ask for the command form of the answer with (or `?answer=command`). */
export const ANSWER_HEADER = 'x-hookwire-answer';

/**
 * How the outcome is encoded: `http` (the default: the host's http-hook answer) or `command` (`{ exitCode,
 * stdout, stderr }`, the host's command-hook answer, for `hookwire run --server`); anything else is a 400.
 */
function answerFormOf(request: IncomingMessage): 'http' | 'command' | Reply {
  const query = (request.url ?? '').split('?')[1];
  const inQuery = query === undefined ? undefined : (new URLSearchParams(query).get('answer') ?? undefined);
  const header = request.headers[ANSWER_HEADER];
  const named = inQuery ?? (typeof header === 'string' && header !== '' ? header : undefined) ?? 'http';
  if (named === 'http' || named === 'command') return named;
  return { status: 400, body: { error: `the answer form is http or command, not ${JSON.stringify(named)}` } };
}

/** A path segment percent-decoded, or null when it is not valid percent-encoding (`/hooks/%E0%A4%A`). */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
