import { type TraceParent, traceParent } from '../../telemetry/trace-parent.js';

export type { TraceParent } from '../../telemetry/trace-parent.js';

/*
 * The standard OpenTelemetry exporter variables, as `hookwire run` and `serve` read them
 * (docs/observability.md). Export is on only when an endpoint is named; nothing else turns it on.
 */

/** Where and how to send spans. */
export interface OtlpSettings {
  /** The full URL spans are POSTed to (`.../v1/traces`). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exporter timeout, ms (OTEL_EXPORTER_OTLP[_TRACES]_TIMEOUT, default 10 s). */
  readonly timeoutMs: number;
  /** Resource attributes: `service.name` (OTEL_SERVICE_NAME, default hookwire) and OTEL_RESOURCE_ATTRIBUTES. */
  readonly resource: Readonly<Record<string, string>>;
  /** A W3C parent for the spans, from TRACEPARENT (the environment carrier of trace context). */
  readonly parent: TraceParent | undefined;
}

type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The OTLP settings the environment asks for, undefined when export is off: no endpoint
 * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, used as is, or OTEL_EXPORTER_OTLP_ENDPOINT plus `/v1/traces`),
 * OTEL_SDK_DISABLED=true, or OTEL_TRACES_EXPORTER without `otlp` (`none`). A problem that leaves export off
 * (gRPC asked for, an endpoint that is no http(s) URL) comes back as `problem`, for the caller to tell.
 */
export function otlpSettingsFrom(env: Environment): OtlpSettings | { problem: string } | undefined {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const general = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!specific && !general) return undefined;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  // `none` (or only other exporters) turns export off; unset or empty leaves OTLP, the default.
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (exporters.some((name) => name !== '') && !exporters.includes('otlp')) return undefined;
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol === 'grpc') {
    return { problem: 'OTLP over gRPC is not supported: hookwire exports http/json; spans are not exported' };
  }
  const url = specific ? specific : `${(general as string).replace(/\/+$/, '')}/v1/traces`;
  if (!/^https?:\/\//i.test(url))
    return { problem: `the OTLP endpoint ${url} is not an http(s) URL; spans are not exported` };
  return {
    url,
    headers: {
      ...keyValues(env.OTEL_EXPORTER_OTLP_HEADERS),
      ...keyValues(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    },
    timeoutMs: milliseconds(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT),
    resource: {
      ...keyValues(env.OTEL_RESOURCE_ATTRIBUTES),
      'service.name':
        env.OTEL_SERVICE_NAME?.trim() ||
        keyValues(env.OTEL_RESOURCE_ATTRIBUTES)['service.name'] ||
        'hookwire',
    },
    parent: traceParent(env.TRACEPARENT),
  };
}

/** `k=v,k2=v2` with percent-encoded values (the W3C baggage form the OTEL_* list variables use). */
function keyValues(text: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of text?.split(',') ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    try {
      pairs[key] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      pairs[key] = item.slice(at + 1).trim();
    }
  }
  return pairs;
}

function milliseconds(text: string | undefined): number {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}
