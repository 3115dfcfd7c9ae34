import { type Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { onAbort } from '../on-abort.js';
import { ForbiddenAddressError } from './network-guard.js';

/** What one POST came to. Never thrown: every way an exchange can end is a value. */
export type HttpExchange =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly statusText: string;
      readonly location: string | undefined;
      readonly body: string;
    }
  | { readonly kind: 'too_large'; readonly status: number }
  | { readonly kind: 'timed_out' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'refused'; readonly cause: string }
  | { readonly kind: 'error'; readonly cause: string; readonly status: number | undefined };

export interface PostJsonOptions {
  readonly url: URL;
  readonly body: string;
  /** Extra request headers; Content-Type and Content-Length are always hookwire's. */
  readonly headers: Readonly<Record<string, string>>;
  readonly agent: Agent;
  /** Deadline for the whole exchange: resolution, connection, sending and reading the full answer. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Bodies longer than this many bytes are cut off and reported as `too_large`. */
  readonly bodyCapBytes: number;
}

const CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
};

function describeError(error: NodeJS.ErrnoException): string {
  const known = error.code === undefined ? undefined : CAUSES[error.code];
  return known === undefined ? error.message : `${known} (${error.code})`;
}

/**
 * POSTs a JSON body and reads the whole answer, without following redirects (node:http never does).
 * A request that fails on a pooled connection before any answer, because the server had just closed that
 * idle connection, is sent once more on a fresh one: the server never saw it.
 */
export function postJson(options: PostJsonOptions): Promise<HttpExchange> {
  const { url, signal } = options;
  if (signal.aborted) return Promise.resolve({ kind: 'cancelled' });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let current: ClientRequest | undefined;
    let settled = false;
    const finish = (exchange: HttpExchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopListening();
      resolve(exchange);
      if (exchange.kind !== 'response') current?.destroy();
    };
    const timer = setTimeout(() => finish({ kind: 'timed_out' }), options.timeoutMs);
    const stopListening = onAbort(signal, () => finish({ kind: 'cancelled' }));

    const attempt = (retried: boolean) => {
      let answered = false;
      const request = send(url, {
        method: 'POST',
        agent: options.agent,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
        },
      });
      current = request;
      request.on('response', (response) => {
        answered = true;
        readAnswer(response, options.bodyCapBytes, finish);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) return;
        if (!answered && !retried && request.reusedSocket && error.code === 'ECONNRESET') {
          attempt(true);
        } else if (error instanceof ForbiddenAddressError) {
          finish({ kind: 'refused', cause: error.message });
        } else if (!answered) {
          finish({ kind: 'error', cause: describeError(error), status: undefined });
        }
      });
      request.end(options.body);
    };
    attempt(false);
  });
}

function readAnswer(response: IncomingMessage, capBytes: number, finish: (exchange: HttpExchange) => void) {
  const status = response.statusCode ?? 0;
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > capBytes) {
      finish({ kind: 'too_large', status });
      response.destroy();
    } else {
      chunks.push(chunk);
    }
  });
  response.on('end', () =>
    finish({
      kind: 'response',
      status,
      statusText: response.statusMessage ?? '',
      location: response.headers.location,
      body: Buffer.concat(chunks).toString('utf8'),
    }),
  );
  // A connection that ends before the body does (a reset, a server crash) closes without 'end'.
  response.on('error', () => undefined);
  response.on('close', () => {
    if (!response.complete) {
      finish({ kind: 'error', cause: 'connection closed before the whole answer arrived', status });
    }
  });
}
