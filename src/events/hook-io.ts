import type { EventName } from './event-names.js';
import type { HookInputs, HookOutputs } from './hook-io-types.js';

/*
 * The typed face of the catalogue for library users: what a hook receives and may answer for each event,
 * generated from the same rows as schema/hooks/ (hook-io-types.ts), and the one escape for an event name the
 * compiler cannot check. docs/protocol.md, "Typed hook input and output".
 */

export type { HookInputs, HookOutputs } from './hook-io-types.js';

declare const unknownEventBrand: unique symbol;

/**
 * An event name the compiler does not check: one read at run time (from a host, a file, a command line), or
 * one the catalogue does not know yet. Made only by `unknownEvent(name)`, so that a misspelt literal such as
 * `'PreTooluse'` is a compile error while a name from elsewhere stays possible, visibly.
 */
export type UnknownEvent = string & { readonly [unknownEventBrand]: true };

/**
 * The explicit escape from typed event names: `engine.fire(unknownEvent(name), payload)` fires `name` with
 * an untyped payload. At run time it is `name` itself: a catalogue name fires as that event, another runs
 * its hooks as notifications with a warning in the outcome (`unknownEventWarning`).
 */
export function unknownEvent(name: string): UnknownEvent {
  return name as UnknownEvent;
}

/** An event a library call accepts: a catalogue name (typed payload) or an `unknownEvent(name)`. */
export type FireableEvent = EventName | UnknownEvent;

/** The payload a hook receives for `E` (stdin of a command, the argument of a callback). */
export type HookInput<E extends EventName> = HookInputs[E] & { readonly [field: string]: unknown };

/** What a hook may answer for `E`: its stdout JSON, or a callback's returned object. */
export type HookOutput<E extends EventName> = HookOutputs[E];

/**
 * What `engine.fire(E, payload)` takes: the fields of `HookInput<E>`, each with its type, each optional.
 * The engine fills the common fields a payload leaves out (`session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`; Deep Agents' `event`); the others (`tool_use_id`, `stop_hook_active`, ...) are the
 * embedding agent's to give, and hooks that read them expect them. Other keys are allowed: hosts add fields.
 */
export type FirePayload<E extends FireableEvent> = E extends EventName
  ? Partial<HookInputs[E]> & { readonly [field: string]: unknown }
  : Readonly<Record<string, unknown>>;

/** The payload a callback hook registered for `E` receives. */
export type CallbackPayload<E extends FireableEvent> = E extends EventName
  ? HookInput<E>
  : Record<string, unknown>;

/**
 * What a callback hook registered for `E` may return: its answer as an object, a string read like a
 * command's stdout, or nothing (success with nothing to say).
 */
export type CallbackAnswer<E extends FireableEvent> = E extends EventName
  ? // biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing is typed `void`
    HookOutput<E> | string | null | undefined | void
  : unknown;
