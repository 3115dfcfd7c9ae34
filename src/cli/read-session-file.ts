import type { Outcome } from '../outcome/outcome.js';
import { outcomeSchema } from '../outcome/outcome-schema.js';
import { isTraceLine, TRACE_FORMAT_VERSION } from '../trace/trace-line.js';
import { CommandInputError, parseObject, type RecordedEvent, recordedEventOf } from './command-input.js';

/** What a trace line recorded besides the event and payload. */
export interface RecordedOutcome {
  readonly time: string;
  readonly outcome: Outcome;
  readonly answer: unknown;
  readonly redacted: boolean;
}

/** One event of a session file, with what was recorded of it when the file is a trace. */
export interface SessionEntry extends RecordedEvent {
  /** Null for a `{"event","payload"}` session line. */
  readonly recorded: RecordedOutcome | null;
}

/**
 * Reads what `hookwire replay` accepts: session lines (`{"event":…,"payload":…}`, as `fire --record`
 * writes them) and trace lines (docs/traces.md, as `run --trace` writes them), told apart line by line.
 * A trace line of a newer format, or whose outcome is not an outcome, is a located error.
 */
export function readSessionFile(text: string, file: string): SessionEntry[] {
  const entries: SessionEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${file}:${index + 1}`;
    const parsed = parseObject(line, where);
    const event = recordedEventOf(parsed, where);
    entries.push({ ...event, recorded: isTraceLine(parsed) ? recordedOf(parsed, where) : null });
  });
  return entries;
}

function recordedOf(line: Record<string, unknown>, where: string): RecordedOutcome {
  if (line.v !== TRACE_FORMAT_VERSION) {
    throw new CommandInputError(
      `${where}: trace line format ${JSON.stringify(line.v)} is not one this hookwire reads (${TRACE_FORMAT_VERSION}); upgrade hookwire`,
    );
  }
  const outcome = outcomeSchema.safeParse(line.outcome);
  if (!outcome.success) {
    const issue = outcome.error.issues[0];
    const path = ['outcome', ...(issue?.path ?? [])].join('.');
    throw new CommandInputError(`${where}: ${path}: ${issue?.message ?? 'not an outcome'}`);
  }
  return {
    time: typeof line.time === 'string' ? line.time : '',
    outcome: outcome.data as Outcome,
    answer: line.answer ?? null,
    redacted: line.redacted === true,
  };
}
