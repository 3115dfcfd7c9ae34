/**
 * True when the environment names an OTLP endpoint: the one check `hookwire run` makes before loading any
 * telemetry code, so that a run without it costs nothing (bench target 4).
 */
export function otlpRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}
