import type { Decision, SpecificOutputField } from '../events/event-spec.js';
import type { RunStatus } from '../outcome/outcome.js';

/**
 * What one hook's output means for its event, in the engine's own terms (not the wire's): every field is
 * already checked, legacy forms are translated, and fields the event ignores are gone.
 */
export interface HookEffects {
  readonly decision?: Decision;
  /** The text that goes with the decision (shown to the model or the user, depending on the event). */
  readonly reason?: string;
  /** Present (and false) only when the hook asked to stop the agent. */
  readonly continue?: false;
  readonly stopReason?: string;
  readonly systemMessage?: string;
  readonly additionalContext?: string;
  readonly updatedInput?: Readonly<Record<string, unknown>>;
  readonly suppressOutput?: boolean;
  /** Event-specific fields other than the ones above (worktreePath, watchPaths, PermissionRequest's decision...). */
  readonly specific?: Readonly<Partial<Record<SpecificOutputField, unknown>>>;
}

/** One hook's result after reading: its status for `Outcome.runs`, its parsed output, and its effects. */
export interface HookVerdict {
  readonly status: RunStatus;
  /** The JSON object the hook printed or answered, when there was one. */
  readonly output: Readonly<Record<string, unknown>> | null;
  /** Why the hook failed, was skipped or blocked. */
  readonly error: string | null;
  readonly effects: HookEffects;
}

/** The effects of a hook that said nothing the event honours. */
export const NO_EFFECTS: HookEffects = Object.freeze({});
