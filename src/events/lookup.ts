import { closestName } from '../common/closest-name.js';
import { catalogue } from './catalogue.js';
import { type AnyEventName, EVENT_NAMES, type EventName } from './event-names.js';
import type { EventSpec, FieldSpec } from './event-spec.js';
import { COMMON_INPUT, DEEPAGENTS_COMMON_INPUT } from './field.js';
import { unknownEventSpec } from './unknown-event-spec.js';

const known: ReadonlySet<string> = new Set(EVENT_NAMES);

/** Whether `name` is an event of the catalogue (case-sensitive, as hosts are). */
export function isEventName(name: string): name is EventName {
  return known.has(name);
}

/** The catalogue row of an event. */
export function eventSpec(name: EventName): EventSpec {
  return catalogue[name];
}

/**
 * The row every stage reads for any event name: the catalogue's, or for a name it does not know the
 * notification-only row of `unknown-event-spec.ts` (the hooks run, their output is not honoured).
 */
export function specOf(name: AnyEventName): EventSpec {
  return isEventName(name) ? catalogue[name] : unknownEventSpec(name);
}

/**
 * The warning for an event name the catalogue does not know, naming the closest known event (a name that
 * differs only by case, or a near miss such as `PreTooluse`); undefined for a known event.
 */
export function unknownEventWarning(name: AnyEventName): string | undefined {
  if (isEventName(name)) return undefined;
  const suggestion = closestName(name, EVENT_NAMES);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
  return `unknown event "${name}"${hint}: its hooks run as notifications (their output is not honoured)`;
}

/** Every input field of an event's payload: the family's common fields, then the event's own. */
export function inputFieldsOf(name: AnyEventName): Readonly<Record<string, FieldSpec>> {
  const spec = specOf(name);
  const common = spec.family === 'deepagents' ? DEEPAGENTS_COMMON_INPUT : COMMON_INPUT;
  return { ...common, ...spec.input };
}

/** Whether the event's matcher subject is a tool name, which is what makes `if` rules meaningful. */
export function isToolEvent(name: AnyEventName): boolean {
  return specOf(name).matcher?.field === 'tool_name';
}
