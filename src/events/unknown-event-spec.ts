import type { EventSpec } from './event-spec.js';
import { DEEPAGENTS_TIMEOUTS, PROTOCOL_TIMEOUTS } from './field.js';
import { handlerTypesIn } from './handler-types.js';
import { NOTIFICATION_SEMANTICS } from './notification-semantics.js';

/*
 * The rows `specOf` gives an event name the catalogue does not know. Hosts add events faster than any
 * catalogue (claude-code-behaviour.md: "an engine must run the hooks configured for an event name it does
 * not know ... never fail the event"), so such an event runs its hooks with notification semantics: every
 * handler type runs (nothing says the host refuses one), and nothing a hook prints is honoured.
 */

const unknownNotification = {
  description: 'An event the catalogue does not know; its hooks run as notifications (hookwire’s rule).',
  input: {},
  ...NOTIFICATION_SEMANTICS,
  handlers: handlerTypesIn('all'),
} as const;

/**
 * A Claude-style name (`PreModelSwitch`): the payload gets the protocol's common fields, and a matcher is
 * tested against `source` when the payload has one (the subject of most lifecycle events), else ignored.
 */
export const UNKNOWN_CLAUDE_STYLE_EVENT: EventSpec = Object.freeze({
  ...unknownNotification,
  family: 'claude-code',
  matcher: { field: 'source', ifPresent: true },
  timeouts: PROTOCOL_TIMEOUTS,
});

/** A Deep Agents-style name (`tool.retry`): the payload is `{event, ...fields}`, no matchers, 5 s timeouts. */
export const UNKNOWN_DEEPAGENTS_STYLE_EVENT: EventSpec = Object.freeze({
  ...unknownNotification,
  family: 'deepagents',
  matcher: null,
  timeouts: DEEPAGENTS_TIMEOUTS,
});

/** Deep Agents names are lower-case words joined by dots (`session.start`); Claude Code's are PascalCase. */
const DEEPAGENTS_STYLE = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;

/** The row of an event the catalogue does not know, by the family its spelling belongs to. */
export function unknownEventSpec(name: string): EventSpec {
  return DEEPAGENTS_STYLE.test(name) ? UNKNOWN_DEEPAGENTS_STYLE_EVENT : UNKNOWN_CLAUDE_STYLE_EVENT;
}
