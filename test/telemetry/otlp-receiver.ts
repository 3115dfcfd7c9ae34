import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request an OTLP receiver got. */
export interface ReceivedExport {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: OtlpBody;
}

/** The parts of an OTLP JSON ExportTraceServiceRequest the tests read. */
export interface OtlpBody {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ scope: { name: string; version: string }; spans: OtlpSpan[] }>;
  }>;
}
export interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpAttribute[];
  events: Array<{ name: string; timeUnixNano: string }>;
  status: { code?: number; message?: string };
}

/**
 * A real OTLP/HTTP receiver on 127.0.0.1: records every POST body (JSON) and answers 200, or, with `hang`,
 * accepts and never answers (a collector that is stuck).
 */
export async function startOtlpReceiver(options: { hang?: boolean } = {}) {
  const received: ReceivedExport[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text) as OtlpBody,
      });
      if (options.hang) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Every span received, across requests. */
    spans: () =>
      received.flatMap((item) =>
        item.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An attribute's value as a plain JS value. */
export function attributeValue(attributes: readonly OtlpAttribute[], key: string): unknown {
  const value = attributes.find((attribute) => attribute.key === key)?.value;
  if (value === undefined) return undefined;
  if ('intValue' in value) return Number(value.intValue);
  return Object.values(value)[0];
}
