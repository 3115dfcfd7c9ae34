import { version } from '../../common/version.js';
import type { FiringSpans } from '../../telemetry/firing-spans.js';
import { type ExportedFiring, otlpTraceRequest } from './otlp-request.js';
import type { OtlpSettings, TraceParent } from './otlp-settings.js';
import { postOtlp } from './post-otlp.js';

/** Spans waiting to be sent, and the sending. */
export interface OtlpExporter {
  /**
   * Queues one firing's spans, under `parent` when given (a full queue drops the oldest, and says so at the
   * next flush).
   */
  add(spans: FiringSpans, parent?: TraceParent): void;
  /**
   * Sends what is queued, within `limitMs` (default: the exporter timeout). A collector that is down or
   * slow costs at most that; the failure goes to `warn`, never to the caller.
   */
  flush(limitMs?: number): Promise<void>;
}

/** Firings kept while the collector is unreachable: past this, the oldest are dropped. */
const MAX_QUEUED_FIRINGS = 2048;

/** An exporter that POSTs queued spans to the OTLP endpoint as one request per flush. */
export function createOtlpExporter(settings: OtlpSettings, warn: (message: string) => void): OtlpExporter {
  let queue: ExportedFiring[] = [];
  let dropped = 0;
  return {
    add(spans, parent) {
      queue.push({ spans, parent });
      if (queue.length > MAX_QUEUED_FIRINGS) {
        queue.shift();
        dropped++;
      }
    },
    async flush(limitMs = settings.timeoutMs) {
      if (dropped > 0) {
        warn(`dropped the spans of ${dropped} firings: the OTLP collector did not keep up`);
        dropped = 0;
      }
      if (queue.length === 0) return;
      const firings = queue;
      queue = [];
      const body = JSON.stringify(otlpTraceRequest(firings, settings, version));
      try {
        await postOtlp(settings.url, settings.headers, body, Math.min(limitMs, settings.timeoutMs));
      } catch (error) {
        warn(`cannot export spans to ${settings.url}: ${(error as Error).message}`);
      }
    },
  };
}
