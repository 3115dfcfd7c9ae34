/*
 * Whether the host registered an OpenTelemetry tracer provider, found without loading anything:
 * `@opentelemetry/api` keeps its registrations on `globalThis` under this symbol (its API major version 1),
 * so an engine in a host without OpenTelemetry pays one property read per firing and imports nothing.
 */
const OTEL_API_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** True when `@opentelemetry/api` (1.x) has a tracer provider registered in this process. */
export function hostTracerRegistered(): boolean {
  const api = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[OTEL_API_GLOBAL];
  return api?.trace !== undefined;
}
