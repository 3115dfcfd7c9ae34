import type { IncomingMessage } from 'node:http';

/** A request body read under a size cap and a deadline. */
export type RequestBody =
  | { readonly kind: 'complete'; readonly text: string }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'timed_out' }
  | { readonly kind: 'aborted' };

/**
 * Reads a request body, stopping at `capBytes` (a declared Content-Length over the cap is refused before
 * reading anything) or when the whole body has not arrived within `deadlineMs`: a client that sends its
 * body slowly holds memory and a connection, and must not hold them for long. Stops consuming after the
 * cap or the deadline; the caller answers 413 or 408 and closes the connection.
 */
export function readRequestBody(
  request: IncomingMessage,
  capBytes: number,
  deadlineMs: number,
): Promise<RequestBody> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > capBytes) return Promise.resolve({ kind: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: RequestBody) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (body.kind !== 'complete') request.pause();
      resolve(body);
    };
    const timer = setTimeout(() => settle({ kind: 'timed_out' }), deadlineMs);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > capBytes) settle({ kind: 'too_large' });
      else chunks.push(chunk);
    });
    request.on('end', () => settle({ kind: 'complete', text: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', () => settle({ kind: 'aborted' }));
    request.on('close', () => settle({ kind: 'aborted' }));
  });
}
