import { agentFacts } from './agent/facts.js';
import { callbackFacts } from './callback/facts.js';
import { commandFacts } from './command/facts.js';
import type { HandlerScope, HandlerTypeFacts } from './facts-shape.js';
import { httpFacts } from './http/facts.js';
import { mcpToolFacts } from './mcp_tool/facts.js';
import { promptFacts } from './prompt/facts.js';

export type { HandlerIdentity, HandlerScope, HandlerTypeFacts } from './facts-shape.js';

/*
 * The handler-type table: each handler module's row of facts (`handlers/<type>/facts.ts`), one per type,
 * which the fast loader, the catalogue, the validator, `init` and the docs read. Free of zod and of the
 * runners, because the settings loader on `hookwire run`'s hot path reads it. A name in `HANDLER_TYPES`
 * without its row here, its schema in `handlers/schemas.ts` or its runner in `handlers/runners.ts` fails to
 * compile (AGENTS.md, "Adding a handler type").
 */

/** Every handler type, in the order docs, lists and messages show them. */
export const HANDLER_TYPES = ['command', 'http', 'prompt', 'agent', 'mcp_tool', 'callback'] as const;

/** Handler types a settings file (or code) can attach to an event. `callback` is an in-process function. */
export type HandlerType = (typeof HANDLER_TYPES)[number];

/** The facts of each handler type, from its module. */
export const handlerTypes = {
  command: commandFacts,
  http: httpFacts,
  prompt: promptFacts,
  agent: agentFacts,
  mcp_tool: mcpToolFacts,
  callback: callbackFacts,
} as const satisfies Record<HandlerType, HandlerTypeFacts>;

// The table widened to its row type, for lookups by a type that is not a literal.
const rows: Readonly<Record<HandlerType, HandlerTypeFacts>> = handlerTypes;

/** The facts of a handler type named by a value that is not a literal. */
export function factsOf(type: HandlerType): HandlerTypeFacts {
  return rows[type];
}

/** A handler type settings files can hold (every type but `callback`). */
export type SettingsHandlerType = {
  [Type in HandlerType]: (typeof handlerTypes)[Type]['inSettings'] extends true ? Type : never;
}[HandlerType];

/** The handler types settings files can hold, in `HANDLER_TYPES` order. */
export const SETTINGS_HANDLER_TYPES: readonly SettingsHandlerType[] = HANDLER_TYPES.filter(
  (type): type is SettingsHandlerType => rows[type].inSettings,
);

/** The handler types `hookwire init` may move into its hooks file, in `HANDLER_TYPES` order. */
export const MOVABLE_HANDLER_TYPES: readonly HandlerType[] = HANDLER_TYPES.filter(
  (type) => rows[type].initCanMove,
);

/** The handler types events of a scope run, in `HANDLER_TYPES` order. */
export function handlerTypesIn(scope: HandlerScope): readonly HandlerType[] {
  return HANDLER_TYPES.filter((type) => rows[type].scopes.includes(scope));
}

/** The default timeout of every handler type in one settings family, in seconds. */
export function defaultTimeoutsOf(
  family: keyof HandlerTypeFacts['defaultTimeoutSeconds'],
): Readonly<Record<HandlerType, number>> {
  return Object.fromEntries(
    HANDLER_TYPES.map((type) => [type, rows[type].defaultTimeoutSeconds[family]]),
  ) as Record<HandlerType, number>;
}
