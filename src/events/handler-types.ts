/*
 * The handler-type table: every fact about a handler type that the fast loader, the catalogue, the
 * validator and the docs need, one row per type. It must stay free of zod and of the runners, because the
 * settings loader on `hookwire run`'s hot path reads it. Adding a type means a name in `HANDLER_TYPES`, a
 * row here, a runner in `run/runners.ts` and a schema in `settings/settings-schema.ts`; each of those is a
 * `Record<HandlerType, …>`, so forgetting one fails to compile.
 */

/** Every handler type, in the order docs, lists and messages show them. */
export const HANDLER_TYPES = ['command', 'http', 'prompt', 'agent', 'mcp_tool', 'callback'] as const;

/** Handler types a settings file (or code) can attach to an event. `callback` is an in-process function. */
export type HandlerType = (typeof HANDLER_TYPES)[number];

/**
 * Kinds of event by the handler types they run (Claude Code's rules): `all` events run every type;
 * `no-model` events do not run model-based hooks; `local` events (SessionStart, Setup, Deep Agents) run
 * no hook that needs the network, since they fire before a session exists.
 */
export type HandlerScope = 'all' | 'no-model' | 'local';

/**
 * How a handler's identity is written, from its required field: `command-line` is the command, or the
 * program and its `args` (exec form); `field` is the required field alone; `type-and-field` prefixes the
 * type, so a prompt and an agent hook with the same prompt stay two hooks and a callback never equals a
 * command. `mcp-call` is Claude Code's key for mcp_tool hooks: the server, the tool, the JSON of `input` and
 * `if`; its label is the tool's name as Claude Code gives it to the model, `mcp__<server>__<tool>`.
 */
export type HandlerIdentity = 'command-line' | 'field' | 'type-and-field' | 'mcp-call';

/** One row of the handler-type table. */
export interface HandlerTypeFacts {
  /** The non-empty string field that says what the handler runs; loading refuses a handler without it. */
  readonly requiredField: string;
  /** Whether settings files can hold the type; callbacks are functions, passed in code only. */
  readonly inSettings: boolean;
  /** What makes two handlers of the type "the same hook", which runs once per event (see `dedupeKeyOf`). */
  readonly dedupeKey: HandlerIdentity;
  /** What reports show for the handler (`command-line` quotes arguments that need it). */
  readonly label: Exclude<HandlerIdentity, 'type-and-field'>;
  /**
   * Default timeouts in seconds, per settings family: Claude Code's own events share the protocol's;
   * Deep Agents runs every command with a fixed 5 second timeout (`deepagents-hooks.md`).
   */
  readonly defaultTimeoutSeconds: { readonly protocol: number; readonly deepagents: number };
  /** The kinds of event that run the type; the catalogue's `handlers` lists derive from these. */
  readonly scopes: readonly HandlerScope[];
}

/**
 * The facts of each handler type. Timeouts are the protocol's (`claude-code-behaviour.md`, "Running a
 * command hook").
 */
export const handlerTypes = {
  command: {
    requiredField: 'command',
    inSettings: true,
    dedupeKey: 'command-line',
    label: 'command-line',
    defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
    scopes: ['all', 'no-model', 'local'],
  },
  http: {
    requiredField: 'url',
    inSettings: true,
    dedupeKey: 'field',
    label: 'field',
    defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
    scopes: ['all', 'no-model'],
  },
  prompt: {
    requiredField: 'prompt',
    inSettings: true,
    dedupeKey: 'type-and-field',
    label: 'field',
    defaultTimeoutSeconds: { protocol: 30, deepagents: 5 },
    scopes: ['all'],
  },
  agent: {
    requiredField: 'prompt',
    inSettings: true,
    dedupeKey: 'type-and-field',
    label: 'field',
    defaultTimeoutSeconds: { protocol: 60, deepagents: 5 },
    scopes: ['all'],
  },
  // Claude Code's mcp_tool (since 2.1.118); its default timeout is not documented: a command's is used.
  mcp_tool: {
    requiredField: 'tool',
    inSettings: true,
    dedupeKey: 'mcp-call',
    label: 'mcp-call',
    defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
    scopes: ['all', 'no-model'],
  },
  callback: {
    requiredField: 'name',
    inSettings: false,
    dedupeKey: 'type-and-field',
    label: 'field',
    defaultTimeoutSeconds: { protocol: 600, deepagents: 5 },
    scopes: ['all', 'no-model', 'local'],
  },
} as const satisfies Record<HandlerType, HandlerTypeFacts>;

// The table widened to its row type, for lookups by a type that is not a literal.
const rows: Readonly<Record<HandlerType, HandlerTypeFacts>> = handlerTypes;

/** A handler type settings files can hold (every type but `callback`). */
export type SettingsHandlerType = {
  [Type in HandlerType]: (typeof handlerTypes)[Type]['inSettings'] extends true ? Type : never;
}[HandlerType];

/** The handler types settings files can hold, in `HANDLER_TYPES` order. */
export const SETTINGS_HANDLER_TYPES: readonly SettingsHandlerType[] = HANDLER_TYPES.filter(
  (type): type is SettingsHandlerType => rows[type].inSettings,
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
