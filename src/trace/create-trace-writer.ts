import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from '../outcome/outcome.js';
import { appendTraceLine } from './append-trace-line.js';
import { redactSecrets } from './redact-secrets.js';
import { traceFileName } from './trace-file-name.js';
import { TRACE_FORMAT_VERSION, type TraceLine } from './trace-line.js';
import type { NormalizedTraceOptions } from './trace-options.js';

/** Records fired events into per-session trace files. */
export interface TraceWriter {
  /** Writes the line of one firing; never throws (a failure is a warning through `onWarning`). */
  record(
    event: string,
    payload: Readonly<Record<string, unknown>>,
    outcome: Outcome,
    startedAt: Date,
    fallbackSessionId: string,
  ): void;
}

/**
 * The writer behind the engine option `trace`. Loaded by the engine only when the option is set, so that
 * `hookwire run` without a trace loads none of this. A trace is a debugging aid: a line that cannot be
 * written (read-only or full disk, a file of another user) is a warning, never the event's failure. The
 * same warning is not repeated until another one came in between.
 */
export function createTraceWriter(options: NormalizedTraceOptions): TraceWriter {
  let directoryReady = false;
  let lastWarning = '';
  return {
    record(event, payload, outcome, startedAt, fallbackSessionId) {
      const sessionId = sessionIdOf(payload) ?? fallbackSessionId;
      const file = join(options.dir, traceFileName(sessionId));
      try {
        const line: TraceLine = {
          v: TRACE_FORMAT_VERSION,
          time: startedAt.toISOString(),
          event,
          sessionId,
          payload: options.redact ? (redactSecrets(payload) as TraceLine['payload']) : payload,
          outcome: options.redact ? (redactSecrets(outcome) as Outcome) : outcome,
          answer: answerOf(options, outcome),
          redacted: options.redact,
        };
        if (!directoryReady) {
          mkdirSync(options.dir, { recursive: true, mode: 0o700 });
          directoryReady = true;
        }
        appendTraceLine(file, `${JSON.stringify(line)}\n`, options);
        lastWarning = '';
      } catch (error) {
        const message = `trace: cannot record ${event} in ${file}: ${(error as Error).message}`;
        if (message !== lastWarning) options.onWarning(message);
        lastWarning = message;
      }
    },
  };
}

function answerOf(options: NormalizedTraceOptions, outcome: Outcome): unknown {
  if (options.answer === undefined) return null;
  const answer = options.answer(outcome);
  return options.redact ? redactSecrets(answer) : answer;
}

/** The host's session: Claude Code's `session_id`, else Deep Agents' `thread_id`. */
function sessionIdOf(payload: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of ['session_id', 'thread_id']) {
    const value = payload[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
