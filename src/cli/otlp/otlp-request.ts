import { randomBytes } from 'node:crypto';
import type { FiringSpans, SpanAttributeValue, SpanPlan } from '../../telemetry/firing-spans.js';
import type { OtlpSettings, TraceParent } from './otlp-settings.js';

/*
 * The OTLP/HTTP JSON encoding of an ExportTraceServiceRequest (the OTLP specification's JSON mapping: ids as
 * hex, 64-bit integers and nanosecond times as decimal strings, enums as numbers).
 */

const SPAN_KIND_INTERNAL = 1;
const STATUS_CODE_ERROR = 2;

type OtlpValue =
  | { stringValue: string }
  | { intValue: string }
  | { doubleValue: number }
  | { boolValue: boolean };

/** One firing's spans, and the parent they go under when it has one of its own (a request's `traceparent`). */
export interface ExportedFiring {
  readonly spans: FiringSpans;
  readonly parent: TraceParent | undefined;
}

/**
 * The request body for the firings' spans: each firing one trace, or its parent's (its own, else the
 * settings' TRACEPARENT), its hooks under it.
 */
export function otlpTraceRequest(
  firings: readonly ExportedFiring[],
  settings: Pick<OtlpSettings, 'resource' | 'parent'>,
  scopeVersion: string,
): Record<string, unknown> {
  const spans = firings.flatMap(({ spans: firing, parent: own }) => {
    const parent = own ?? settings.parent;
    const traceId = parent?.traceId ?? hex(16);
    const eventSpanId = hex(8);
    return [
      span(firing.event, traceId, eventSpanId, parent?.spanId),
      ...firing.hooks.map((hook) => span(hook, traceId, hex(8), eventSpanId)),
    ];
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: attributes(settings.resource) },
        scopeSpans: [{ scope: { name: 'hookwire', version: scopeVersion }, spans }],
      },
    ],
  };
}

function span(plan: SpanPlan, traceId: string, spanId: string, parentSpanId: string | undefined) {
  return {
    traceId,
    spanId,
    ...(parentSpanId === undefined ? {} : { parentSpanId }),
    name: plan.name,
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: nanos(plan.startMs),
    endTimeUnixNano: nanos(plan.endMs),
    attributes: attributes(plan.attributes),
    events: plan.events.map((event) => ({
      timeUnixNano: nanos(event.timeMs),
      name: event.name,
      attributes: attributes(event.attributes),
    })),
    status: plan.error === undefined ? {} : { code: STATUS_CODE_ERROR, message: plan.error },
  };
}

function attributes(values: Readonly<Record<string, SpanAttributeValue>>) {
  return Object.entries(values).map(([key, value]) => ({ key, value: otlpValue(value) }));
}

function otlpValue(value: SpanAttributeValue): OtlpValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
}

/** Epoch milliseconds (with fractions) as decimal nanoseconds, exact to the microsecond. */
function nanos(ms: number): string {
  const micros = BigInt(Math.round(ms * 1000));
  return (micros * 1000n).toString();
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
