/**
 * Events that a `hookwire run` up the process tree is serving, comma-separated. Child hooks inherit it, so a
 * settings file whose hook calls `hookwire run` for the same event is caught instead of forking forever.
 */
export const RUN_EVENTS_VARIABLE = 'HOOKWIRE_RUN_EVENTS';

/** A directory to record every event in (docs/traces.md), as `--trace DIR` does. */
export const TRACE_DIR_VARIABLE = 'HOOKWIRE_TRACE_DIR';
/** `0` records payloads and output as they are, secrets included (docs/traces.md, "Redaction"). */
export const TRACE_REDACT_VARIABLE = 'HOOKWIRE_TRACE_REDACT';
