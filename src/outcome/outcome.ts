import type { Decision, HandlerType } from '../events/event-spec.js';
import type { SourceLevel } from '../settings/configured-hook.js';

/**
 * How one hook ended, after its output was read under the event's rules. `running`: a background (async)
 * hook that was started and not awaited; its result comes back as a delivered run on a later `fire`.
 */
export type RunStatus =
  | 'success'
  | 'blocking'
  | 'non_blocking_error'
  | 'timeout'
  | 'skipped'
  | 'deduplicated'
  | 'cancelled'
  | 'running';

/** One entry of `Outcome.runs`: one configured hook, in configuration order. */
export interface HookRun {
  /** Index in configuration order; merged fields point back here. */
  readonly index: number;
  readonly source: {
    readonly file: string;
    readonly level: SourceLevel;
    readonly line: number;
    readonly jsonPath: string;
  };
  readonly type: HandlerType;
  /** The command line, URL, prompt or callback name. */
  readonly command: string;
  readonly matcher: string | null;
  readonly status: RunStatus;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly durationMs: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  /** The JSON the hook printed (or answered), when it was JSON. */
  readonly output: Readonly<Record<string, unknown>> | null;
  /** Why the hook failed, was skipped or blocked. */
  readonly error: string | null;
  readonly background: boolean;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Which hook (by `HookRun.index`) produced a merged field. */
export type Trace = Readonly<Record<string, readonly number[]>>;

/** The one merged result of firing an event. Stable: documented in docs/outcome.md, schema in schema/. */
export interface Outcome {
  readonly event: string;
  readonly decision: Decision | null;
  /** What the agent would show for the decision: for an exit-2 hook `[<command>]: <stderr>`. */
  readonly reason: string | null;
  readonly continue: boolean;
  readonly stopReason: string | null;
  readonly systemMessages: readonly string[];
  readonly additionalContext: readonly string[];
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
  readonly hookSpecificOutput: Readonly<Record<string, unknown>>;
  readonly suppressOutput: boolean;
  readonly warnings: readonly string[];
  readonly durationMs: number;
  readonly runs: readonly HookRun[];
  /** For each merged field, the runs that produced it. */
  readonly trace: Trace;
}
