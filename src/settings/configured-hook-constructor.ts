import type { ConfiguredHook, HandlerConfig, Provenance } from './configured-hook.js';
import { dedupeKeyOf, defaultTimeoutSeconds, labelOf } from './handler-identity.js';

/** What a ConfiguredHook is made of besides what its handler implies; the optional fields have defaults. */
export interface ConfiguredHookFields {
  readonly event: string;
  readonly handler: HandlerConfig;
  readonly definitionId: string;
  readonly provenance: Provenance;
  /** Trimmed by the caller, which knows its source's rules for "everything". Default: undefined. */
  readonly matcher?: string | undefined;
  /** Default: false. */
  readonly sequential?: boolean;
  /** Default: the handler's own `async`; a Claude-style definition's `async` counts too, so its reader says. */
  readonly background?: boolean;
  /** Default: the handler's `timeout`, else the catalogue's default for the event and handler type. */
  readonly timeoutSeconds?: number;
  /** Default: the handler's identity (`dedupeKeyOf`); a key of its own keeps a hook from de-duplicating. */
  readonly dedupeKey?: string;
}

/**
 * The one way to make a ConfiguredHook: the type, label and dedupe key come from the handler (see
 * handler-identity.ts), the timeout from the handler or the catalogue, so that no source of hooks (settings
 * files, Deep Agents, code callbacks, tests) spells them out and drifts from the others.
 */
export function configuredHook(fields: ConfiguredHookFields): ConfiguredHook {
  const { event, handler } = fields;
  return {
    event,
    matcher: fields.matcher,
    definitionId: fields.definitionId,
    sequential: fields.sequential ?? false,
    background: fields.background ?? handler.async === true,
    handler,
    type: handler.type,
    timeoutSeconds: fields.timeoutSeconds ?? handler.timeout ?? defaultTimeoutSeconds(event, handler.type),
    dedupeKey: fields.dedupeKey ?? dedupeKeyOf(handler),
    label: labelOf(handler),
    provenance: fields.provenance,
  };
}
