import type { AnyEventName } from '../../events/event-names.js';
import { specOf } from '../../events/lookup.js';
import type { Engine } from '../engine.js';
import { sessionOf } from '../engine-context.js';
import { forgetSession, removeStaleDeliveries, takeDeliveries } from './delivery-store.js';

/**
 * Before each firing of an engine given `backgroundResults` (a host that runs one process per event): hands
 * the engine what the session's background hooks of earlier events recorded in `directory`, so that this
 * firing merges it; at the session's end event its file is removed instead. The session's start and end
 * events also sweep stale files. A payload that names no session has nothing to deliver. The state directory
 * is a convenience: when it cannot be used, results are lost, never the event. Returns why a results file
 * (or the directory) was refused unread, to be told on stderr.
 */
export async function deliverEarlierResults(
  engine: Pick<Engine, 'deliver'>,
  event: AnyEventName,
  payload: Readonly<Record<string, unknown>>,
  directory: string,
): Promise<string | undefined> {
  const sessionId = sessionOf(payload, '');
  if (sessionId === '') return undefined;
  const spec = specOf(event);
  let refused: string | undefined;
  try {
    if (spec.endsSession === true) await forgetSession(directory, sessionId);
    else {
      const taken = await takeDeliveries(directory, sessionId);
      engine.deliver(sessionId, taken.deliveries);
      refused = taken.refused;
    }
    if (spec.startsSession === true || spec.endsSession === true) removeStaleDeliveries(directory);
  } catch {
    // See above: never the event's failure.
  }
  return refused;
}
