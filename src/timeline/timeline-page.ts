import type { Outcome } from '../outcome/outcome.js';

/** One event of a timeline page: what was fired, what came of it, and when. */
export interface TimelineEvent {
  /** 1-based position in the session. */
  readonly position: number;
  /** When the firing started (ISO 8601), when known. */
  readonly time: string | null;
  /** What the event was about in a few words (the tool call, the prompt, ...). */
  readonly subject: string;
  readonly outcome: Outcome;
  /** How a replay differs from the recorded outcome, one sentence each; empty when it does not. */
  readonly changes: readonly string[];
}

/** What `renderTimelineHtml` draws. */
export interface TimelinePage {
  /** The page's title: the session file, or the event fired. */
  readonly title: string;
  /** One line under the title: where the outcomes come from (replayed, recorded, fired). */
  readonly origin: string;
  readonly events: readonly TimelineEvent[];
}
