export { catalogue } from './catalogue.js';
export { closestName } from './closest-name.js';
export * from './event-names.js';
export type * from './event-spec.js';
export { eventSpec, inputFieldsOf, isEventName, isToolEvent } from './lookup.js';
