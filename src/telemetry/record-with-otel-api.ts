import type * as OtelApi from '@opentelemetry/api';
import type { FiringSpans, SpanPlan } from './firing-spans.js';
import type { TelemetryTracer } from './telemetry-options.js';

/** `@opentelemetry/api`, imported when first needed (it is an optional peer dependency). */
export type OtelApiModule = typeof OtelApi;

/**
 * Records a firing's spans with the host's tracer: the event's span as a child of `parent` (the context that
 * was active when `fire` was called, so hookwire's spans sit under the host's own), each hook's as a child of
 * it, with the times the engine measured.
 */
export function recordWithOtelApi(
  api: OtelApiModule,
  tracer: TelemetryTracer,
  parent: OtelApi.Context,
  spans: FiringSpans,
): void {
  const otelTracer = tracer as OtelApi.Tracer;
  const eventSpan = start(api, otelTracer, spans.event, parent);
  const inside = api.trace.setSpan(parent, eventSpan);
  for (const hook of spans.hooks) finish(api, start(api, otelTracer, hook, inside), hook);
  finish(api, eventSpan, spans.event);
}

function start(
  api: OtelApiModule,
  tracer: OtelApi.Tracer,
  plan: SpanPlan,
  context: OtelApi.Context,
): OtelApi.Span {
  return tracer.startSpan(
    plan.name,
    { kind: api.SpanKind.INTERNAL, startTime: plan.startMs, attributes: plan.attributes },
    context,
  );
}

function finish(api: OtelApiModule, span: OtelApi.Span, plan: SpanPlan): void {
  for (const event of plan.events) span.addEvent(event.name, event.attributes, event.timeMs);
  if (plan.error !== undefined) span.setStatus({ code: api.SpanStatusCode.ERROR, message: plan.error });
  span.end(plan.endMs);
}
