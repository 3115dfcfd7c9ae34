import { EVENT_NAMES } from '../src/events/event-names.js';
import { eventSpec } from '../src/events/lookup.js';

/**
 * native/client/host-does-not-wait.h: the events the host does not wait for (`hostDoesNotWait` in the
 * catalogue), which the native client delivers detached from the host. Generated, so that the C client
 * never holds a second list of events.
 */
export function renderClientEventsHeader(): string {
  const names = EVENT_NAMES.filter((name) => eventSpec(name).hostDoesNotWait);
  return [
    '/* Generated from src/events/catalogue.ts by `npm run generate`; do not edit. */',
    '/* The events the host does not wait for: the client delivers them detached from the host. */',
    'static const char *const HOST_DOES_NOT_WAIT[] = {',
    ...names.map((name) => `    "${name}",`),
    '};',
    '',
  ].join('\n');
}
