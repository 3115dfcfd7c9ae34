import type { Outcome } from '../outcome/outcome.js';

/** The version of the trace line format (docs/traces.md); a reader refuses lines of a newer one. */
export const TRACE_FORMAT_VERSION = 1;

/**
 * One line of a trace file: one fired event, written after its outcome was merged (docs/traces.md).
 * Secret-looking fields and values are redacted unless the writer was told not to (`redacted` says which).
 */
export interface TraceLine {
  readonly v: typeof TRACE_FORMAT_VERSION;
  /** When the firing started, ISO 8601 (UTC). */
  readonly time: string;
  readonly event: string;
  /** The payload's `session_id` (else `thread_id`), or the engine's own session when it has neither. */
  readonly sessionId: string;
  /** The payload as the host gave it. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The merged outcome, with every hook run: status, timings, stdout, stderr, parsed output. */
  readonly outcome: Outcome;
  /** What the front end answered the host (`hookwire run`: exit code, stdout, stderr); null when unknown. */
  readonly answer: unknown;
  readonly redacted: boolean;
}

/** Whether a parsed JSONL line is a trace line (rather than a `{"event","payload"}` session line). */
export function isTraceLine(value: Readonly<Record<string, unknown>>): boolean {
  return 'v' in value && 'outcome' in value;
}
