import { type FiringSpans, firingSpans } from './firing-spans.js';
import { hostTracerRegistered } from './host-tracer.js';
import { type OtelApiModule, recordWithOtelApi } from './record-with-otel-api.js';
import type { TelemetryOptions, TelemetryTracer } from './telemetry-options.js';

/** What a firing's start leaves for its end: when it started, and the host's context at that moment. */
export interface TelemetryStart {
  readonly startedAtMs: number;
  /** The active OpenTelemetry context when `fire` was called; undefined until the API is loaded. */
  readonly parent: unknown;
}

/** Spans for the engine's firings: `begin` as a firing starts (synchronously), `end` with its outcome. */
export interface FiringTelemetry {
  /** Undefined when nothing would record this firing (no tracer registered, no `onSpans`). */
  begin(): TelemetryStart | undefined;
  end(
    start: TelemetryStart,
    payload: Readonly<Record<string, unknown>>,
    outcome: FiringOutcome,
  ): Promise<void>;
}

type FiringOutcome = Parameters<typeof firingSpans>[0];

/**
 * The engine's telemetry (docs/observability.md), or undefined when `options` is false. Spans go to
 * `onSpans` when given; else to `tracer`, or to the host's registered provider (tracer `hookwire`), looked
 * up at each firing so that a provider registered after the engine was made still counts. Recording never
 * fails a firing: a problem is told once through `warn`.
 */
export function createFiringTelemetry(
  options: TelemetryOptions | false | undefined,
  warn: (message: string) => void,
): FiringTelemetry | undefined {
  if (options === false) return undefined;
  const onSpans = options?.onSpans;
  const givenTracer = options?.tracer;
  let api: OtelApiModule | undefined;
  let loading: Promise<OtelApiModule | undefined> | undefined;
  let warned = false;
  const warnOnce = (message: string) => {
    if (warned) return;
    warned = true;
    warn(message);
  };
  const loadApi = () => {
    loading ??= import('@opentelemetry/api').then(
      (module) => {
        api = module;
        return module;
      },
      (error: unknown) => {
        warnOnce(`hookwire: cannot load @opentelemetry/api, no spans are recorded: ${String(error)}`);
        return undefined;
      },
    );
    return loading;
  };
  return {
    begin() {
      if (onSpans === undefined && givenTracer === undefined && !hostTracerRegistered()) return undefined;
      // The wall clock with sub-millisecond precision: hook runs are placed at offsets from it.
      const startedAtMs = performance.timeOrigin + performance.now();
      if (onSpans !== undefined) return { startedAtMs, parent: undefined };
      if (api === undefined) void loadApi();
      return { startedAtMs, parent: api?.context.active() };
    },
    async end(start, payload, outcome) {
      try {
        const toolName = typeof payload.tool_name === 'string' ? payload.tool_name : undefined;
        const spans = firingSpans(outcome, start.startedAtMs, toolName);
        if (onSpans !== undefined) {
          onSpans(spans);
          return;
        }
        const module = api ?? (await loadApi());
        if (module === undefined) return;
        // Taken here when the API was loading at the start: the host's context carries over awaits.
        const parent =
          (start.parent as ReturnType<OtelApiModule['context']['active']>) ?? module.context.active();
        // Imported here: `hookwire run` evaluates this module at start, and has no use for the package file.
        const { version } = await import('../common/version.js');
        const tracer: TelemetryTracer = givenTracer ?? module.trace.getTracer('hookwire', version);
        recordWithOtelApi(module, tracer, parent, spans);
      } catch (error) {
        warnOnce(`hookwire: cannot record spans: ${String(error)}`);
      }
    },
  };
}

export type { FiringSpans };
