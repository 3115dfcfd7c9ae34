import { DEEPAGENTS_EVENTS, type DeepAgentsEventName } from './event-names.js';

const deepAgentsEvents: ReadonlySet<string> = new Set(DEEPAGENTS_EVENTS);

/** Whether `name` is one of the Deep Agents events (case-sensitive, as upstream). */
export function isDeepAgentsEvent(name: string): name is DeepAgentsEventName {
  return deepAgentsEvents.has(name);
}
