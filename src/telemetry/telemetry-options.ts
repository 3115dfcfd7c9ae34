import type { FiringSpans } from './firing-spans.js';

/**
 * The part of an OpenTelemetry `Tracer` (from `@opentelemetry/api`) the engine uses, written out so that
 * hookwire's types do not need that optional package.
 */
export interface TelemetryTracer {
  startSpan(name: string, options?: Record<string, unknown>, context?: unknown): unknown;
}

/**
 * Where the engine's spans go (docs/observability.md). Default: when the host has registered an
 * OpenTelemetry tracer provider (`@opentelemetry/api` holds it on `globalThis`), its tracer `hookwire`;
 * else nowhere, at no cost. `false` turns spans off.
 */
export interface TelemetryOptions {
  /** The tracer to use instead of the registered provider's. */
  readonly tracer?: TelemetryTracer;
  /**
   * Receives the spans of every firing, as data: `hookwire run` and `serve` export them over
   * OTLP this way. Called in place of the registered provider's tracer when no `tracer` is given.
   */
  readonly onSpans?: (spans: FiringSpans) => void;
}
