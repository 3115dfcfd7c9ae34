/**
 * The fields of a catalogue row whose hooks run but whose output is ignored: no decision, no block, nothing
 * read from stdout. Notification-only protocol events, Deep Agents events and events the catalogue does not
 * know all share it, so a new fact of `EventSpec` is set for all of them here.
 */
export const NOTIFICATION_SEMANTICS = {
  decisions: [],
  block: null,
  legacyDecision: false,
  specificOutput: [],
  plainStdout: 'ignored',
  notificationOnly: true,
  blockContinues: null,
} as const;
