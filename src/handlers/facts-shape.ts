/*
 * The shape of a handler type's row of facts. Every handler module (`handlers/<type>/facts.ts`) writes one;
 * `handlers/facts.ts` puts them in one table. Free of zod and of the runners: the settings loader on
 * `hookwire run`'s hot path and the event catalogue read it.
 */

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
 * `if`; as a label, the tool's name as Claude Code gives it to the model, `mcp__<server>__<tool>`.
 */
export type HandlerIdentity = 'command-line' | 'field' | 'type-and-field' | 'mcp-call';

/** One row of the handler-type table. */
export interface HandlerTypeFacts {
  /** The non-empty string field that says what the handler runs; loading refuses a handler without it. */
  readonly requiredField: string;
  /** Whether settings files can hold the type; callbacks are functions, passed in code only. */
  readonly inSettings: boolean;
  /**
   * Whether the handler may give `args`, a list of strings: the exec form, where the required field names a
   * program run with those arguments and no shell is involved (the fast loader checks the list).
   */
  readonly execArgs: boolean;
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
  /**
   * What the handler reaches over the network: `none`; `url`: its required field is a URL, under the
   * settings' URL and address policy (`allowedHttpHookUrls`, the blocked-address checks, reported on load by
   * `validate`); `model`: a model provider.
   */
  readonly network: 'none' | 'url' | 'model';
  /**
   * Whether a plugin's handler of the type names files through `${CLAUDE_PLUGIN_ROOT}` and
   * `${CLAUDE_PLUGIN_DATA}` in its required field (shell text, or the program with `execArgs`) and its `args`:
   * replaced, checked for shell-unsafe paths and for missing scripts on load, and both variables set in its
   * `env` (settings/plugin-handler.ts).
   */
  readonly pluginPaths: boolean;
  /** Whether `hookwire init` may move a handler of the type from Claude Code's settings into its hooks file. */
  readonly initCanMove: boolean;
  /**
   * How a background (`async`) handler of the type can run: `detached`: it can be handed to the engine's
   * `backgroundLauncher` as data and run in another process (a callback is a function and cannot);
   * `rewake`: it has `asyncRewake` (with `rewakeMessage`), an exit 2 that wakes the agent
   * (settings/async-rewake.ts).
   */
  readonly background: { readonly detached: boolean; readonly rewake: boolean };
}
