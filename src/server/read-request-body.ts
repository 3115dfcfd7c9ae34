import type { IncomingMessage } from 'node:http';

/** A request body read under a size cap. */
export type RequestBody =
  | { readonly kind: 'complete'; readonly text: string }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'aborted' };

/**
 * Reads a request body, stopping at `capBytes` (a declared Content-Length over the cap is refused before
 * reading anything). Stops consuming after the cap; the caller answers 413 and closes the connection.
 */
export function readRequestBody(request: IncomingMessage, capBytes: number): Promise<RequestBody> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > capBytes) return Promise.resolve({ kind: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: RequestBody) => {
      if (settled) return;
      settled = true;
      resolve(body);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > capBytes) {
        request.pause();
        settle({ kind: 'too_large' });
      } else {
        chunks.push(chunk);
      }
    });
    request.on('end', () => settle({ kind: 'complete', text: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', () => settle({ kind: 'aborted' }));
    request.on('close', () => settle({ kind: 'aborted' }));
  });
}
