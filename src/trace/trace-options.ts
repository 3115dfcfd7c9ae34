import type { Outcome } from '../outcome/outcome.js';

/** Engine option `trace`: record every fired event as one JSONL line (docs/traces.md). */
export interface TraceOptions {
  /** The directory of the trace files (created 0700 when missing): one file per session. */
  readonly dir: string;
  /** Redact secret-looking payload fields and credential-looking values. Default true. */
  readonly redact?: boolean;
  /** Size at which a session's file is rotated, bytes. Default 10 MiB. */
  readonly maxBytes?: number;
  /** Rotated files kept per session. Default 3. */
  readonly keep?: number;
  /** What the front end answers the host for an outcome, recorded as the line's `answer`. Default: none. */
  readonly answer?: (outcome: Outcome) => unknown;
  /** Told when a line cannot be written (the event's answer is not affected). Default: the engine's logger. */
  readonly onWarning?: (message: string) => void;
}

/** TraceOptions with every default applied. */
export interface NormalizedTraceOptions {
  readonly dir: string;
  readonly redact: boolean;
  readonly maxBytes: number;
  readonly keep: number;
  readonly answer: ((outcome: Outcome) => unknown) | undefined;
  readonly onWarning: (message: string) => void;
}

export const DEFAULT_TRACE_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TRACE_KEEP = 3;
