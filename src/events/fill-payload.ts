import { HookwireError } from '../errors/hookwire-error.js';
import { deepAgentsPayload } from './deepagents-payload.js';
import type { AnyEventName } from './event-names.js';
import { specOf } from './lookup.js';

/** The values a payload's missing common fields take. */
export interface PayloadDefaults {
  readonly sessionId: string;
  readonly transcriptPath: string;
  readonly cwd: string;
}

/**
 * The payload hooks receive. Protocol and Claude Code events get their missing common fields (`session_id`,
 * `transcript_path`, `cwd`, `hook_event_name`), in the order Claude Code writes them; Deep Agents events
 * get exactly `{event, ...fields}`, as Deep Agents sends; an event the catalogue does not know is filled
 * by the family its spelling belongs to (see `specOf`). A `hook_event_name` naming another event is a
 * programmer error.
 */
export function fillPayload(
  event: AnyEventName,
  payload: Readonly<Record<string, unknown>>,
  defaults: PayloadDefaults,
): Readonly<Record<string, unknown>> {
  if (specOf(event).family === 'deepagents') return deepAgentsPayload(event, payload);
  const named = payload.hook_event_name;
  if (named !== undefined && named !== event) {
    throw new HookwireError(
      'payload',
      `the payload's hook_event_name is ${JSON.stringify(named)}, but the event fired is "${event}"`,
    );
  }
  if (
    typeof payload.session_id === 'string' &&
    typeof payload.transcript_path === 'string' &&
    typeof payload.cwd === 'string' &&
    named === event
  ) {
    return payload;
  }
  return {
    session_id: defaults.sessionId,
    transcript_path: defaults.transcriptPath,
    cwd: defaults.cwd,
    hook_event_name: event,
    ...payload,
  };
}
