import type { HookRun, Outcome } from '../outcome/outcome.js';
import { redactSecretText } from '../trace/redact-secrets.js';

/*
 * What one firing shows as spans, as plain data: one span for the event and one child per hook run, with
 * their times, attributes and events. Both ways out read it: the host's OpenTelemetry tracer
 * (record-with-otel-api.ts) and the OTLP exporter of `hookwire run` and `serve` (src/cli/otlp/). Attributes follow
 * the OpenTelemetry semantic conventions where one applies (`process.exit.code`, `error.type`,
 * `gen_ai.tool.name`), else they are `hookwire.*`. No payload content, no hook output: only what the hooks
 * were and how they ended, their labels with credentials redacted (docs/observability.md).
 */

/** An attribute value, as OpenTelemetry takes it. */
export type SpanAttributeValue = string | number | boolean;

/** A point in a span: a timeout, truncated output. */
export interface SpanEventPlan {
  readonly name: string;
  /** Milliseconds since the Unix epoch. */
  readonly timeMs: number;
  readonly attributes: Readonly<Record<string, SpanAttributeValue>>;
}

/** One span to record. */
export interface SpanPlan {
  readonly name: string;
  /** Milliseconds since the Unix epoch (fractions kept). */
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: Readonly<Record<string, SpanAttributeValue>>;
  readonly events: readonly SpanEventPlan[];
  /** Set when the span ended in error: its status message (span status ERROR). */
  readonly error: string | undefined;
}

/** The spans of one firing: the event's, and one per hook run in configuration order (children of it). */
export interface FiringSpans {
  readonly event: SpanPlan;
  readonly hooks: readonly SpanPlan[];
}

/** Hook statuses that end a hook span in error. */
const ERROR_STATUSES: ReadonlySet<HookRun['status']> = new Set(['non_blocking_error', 'timeout']);

/** A label longer than this is cut: it is a command line or URL, and attributes should stay small. */
const MAX_LABEL_LENGTH = 256;

/**
 * The spans of a firing that started at `startedAtMs` (epoch ms) with `outcome`. `toolName` is the payload's
 * `tool_name` for tool events (the one payload field recorded: a name, never an input).
 */
export function firingSpans(
  outcome: Outcome,
  startedAtMs: number,
  toolName: string | undefined,
): FiringSpans {
  const deciding = outcome.trace.decision ?? [];
  const hooks = outcome.runs.map((run) => hookSpan(run, startedAtMs, deciding.includes(run.index)));
  const event: Record<string, SpanAttributeValue> = {
    'hookwire.event': outcome.event,
    'hookwire.hooks': outcome.runs.length,
    'hookwire.continue': outcome.continue,
  };
  if (toolName !== undefined) event['gen_ai.tool.name'] = toolName;
  if (outcome.decision !== null) event['hookwire.decision'] = outcome.decision;
  if (deciding.length > 0) event['hookwire.decided_by'] = deciding.join(',');
  if (outcome.warnings.length > 0) event['hookwire.warnings'] = outcome.warnings.length;
  const endMs = Math.max(startedAtMs + outcome.durationMs, ...hooks.map((hook) => hook.endMs));
  return {
    event: {
      name: `fire ${outcome.event}`,
      startMs: startedAtMs,
      endMs,
      attributes: event,
      events: [],
      error: undefined,
    },
    hooks,
  };
}

function hookSpan(run: HookRun, firingStartMs: number, decided: boolean): SpanPlan {
  const startMs = firingStartMs + run.startedAtMs;
  const endMs = startMs + run.durationMs;
  // Redacted as traces are (docs/traces.md, "Redaction"), always: spans leave the machine for a collector
  // others read. Redacted before the cut, so that a credential cut in half is still recognised.
  const redacted = redactSecretText(run.command);
  const label = redacted.length > MAX_LABEL_LENGTH ? `${redacted.slice(0, MAX_LABEL_LENGTH)}…` : redacted;
  const attributes: Record<string, SpanAttributeValue> = {
    'hookwire.hook.index': run.index,
    'hookwire.hook.type': run.type,
    'hookwire.hook.label': label,
    'hookwire.hook.status': run.status,
    'hookwire.hook.source': `${run.source.file}:${run.source.line}`,
    'hookwire.hook.level': run.source.level,
    'hookwire.hook.background': run.background,
  };
  if (run.matcher !== null) attributes['hookwire.hook.matcher'] = run.matcher;
  if (run.exitCode !== null) attributes['process.exit.code'] = run.exitCode;
  if (run.signal !== null) attributes['hookwire.hook.signal'] = run.signal;
  if (decided) attributes['hookwire.hook.decided'] = true;
  if (run.source.plugin !== undefined) attributes['hookwire.hook.plugin'] = run.source.plugin.id;
  // The status, not run.error: that may quote what the hook printed, and spans carry no hook output.
  const error = ERROR_STATUSES.has(run.status) ? `hook ${run.status}` : undefined;
  if (error !== undefined) attributes['error.type'] = run.status;
  const events: SpanEventPlan[] = [];
  if (run.status === 'timeout') events.push({ name: 'hookwire.hook.timeout', timeMs: endMs, attributes: {} });
  if (run.stdoutTruncated || run.stderrTruncated) {
    events.push({
      name: 'hookwire.hook.output_truncated',
      timeMs: endMs,
      attributes: {
        'hookwire.stdout_truncated': run.stdoutTruncated,
        'hookwire.stderr_truncated': run.stderrTruncated,
      },
    });
  }
  return { name: `${run.type} hook`, startMs, endMs, attributes, events, error };
}
