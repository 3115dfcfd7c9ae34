import { factsOf } from '../handlers/facts.js';
import type { HandlerConfig } from './configured-hook.js';

/** What an `asyncRewake` hook's exit 2 says to the model: its `rewakeMessage`, when it gives one. */
export interface AsyncRewake {
  readonly message: string | undefined;
}

/**
 * The `asyncRewake` settings of a handler, undefined when it is no rewake hook: only types whose facts say
 * `background.rewake` (command) have them, so a new type gets them by its row and a check in its schema.
 */
export function asyncRewakeOf(handler: HandlerConfig): AsyncRewake | undefined {
  if (!factsOf(handler.type).background.rewake) return undefined;
  const fields = handler as { readonly asyncRewake?: boolean; readonly rewakeMessage?: string };
  if (fields.asyncRewake !== true) return undefined;
  return { message: fields.rewakeMessage || undefined };
}
