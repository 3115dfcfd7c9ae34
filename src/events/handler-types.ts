/*
 * The handler-type table lives in the handler modules (`src/handlers/facts.ts`, a row per type in
 * `src/handlers/<type>/facts.ts`); the catalogue and older imports read it through this file.
 */
export {
  defaultTimeoutsOf,
  factsOf,
  HANDLER_TYPES,
  type HandlerIdentity,
  type HandlerScope,
  type HandlerType,
  type HandlerTypeFacts,
  handlerTypes,
  handlerTypesIn,
  MOVABLE_HANDLER_TYPES,
  SETTINGS_HANDLER_TYPES,
  type SettingsHandlerType,
} from '../handlers/facts.js';
