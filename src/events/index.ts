export { closestName } from '../common/closest-name.js';
export { catalogue } from './catalogue.js';
export * from './event-names.js';
export type * from './event-spec.js';
export {
  eventSpec,
  inputFieldsOf,
  isEventName,
  isToolEvent,
  specOf,
  unknownEventWarning,
} from './lookup.js';
