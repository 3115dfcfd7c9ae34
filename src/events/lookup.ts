import { catalogue } from './catalogue.js';
import { EVENT_NAMES, type EventName } from './event-names.js';
import type { EventSpec, FieldSpec } from './event-spec.js';
import { COMMON_INPUT, DEEPAGENTS_COMMON_INPUT } from './field.js';

const known: ReadonlySet<string> = new Set(EVENT_NAMES);

/** Whether `name` is an event of the catalogue (case-sensitive, as hosts are). */
export function isEventName(name: string): name is EventName {
  return known.has(name);
}

/** The catalogue row of an event. */
export function eventSpec(name: EventName): EventSpec {
  return catalogue[name];
}

/** Every input field of an event's payload: the family's common fields, then the event's own. */
export function inputFieldsOf(name: EventName): Readonly<Record<string, FieldSpec>> {
  const spec = eventSpec(name);
  const common = spec.family === 'deepagents' ? DEEPAGENTS_COMMON_INPUT : COMMON_INPUT;
  return { ...common, ...spec.input };
}

/** Whether the event's matcher subject is a tool name, which is what makes `if` rules meaningful. */
export function isToolEvent(name: EventName): boolean {
  return eventSpec(name).matcher?.field === 'tool_name';
}
