import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * POSTs one OTLP JSON body; resolves when the collector answered 2xx, rejects with why not (its status, a
 * network error, or no answer within `timeoutMs`). Never keeps the process alive past the timeout.
 */
export function postOtlp(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`the collector answered HTTP ${status}`));
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.end(body);
  });
}
