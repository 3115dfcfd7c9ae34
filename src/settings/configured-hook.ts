import type { HandlerType } from '../events/event-spec.js';
import type { CallbackAnswer, CallbackPayload, FireableEvent, UnknownEvent } from '../events/hook-io.js';
import type { PluginOrigin } from './plugin-origin.js';
import type { HandlerSettings } from './settings-schema.js';
import type { UntrustedSource } from './trust-check.js';

/**
 * Where settings come from. Hooks from all levels run; scalar keys follow
 * managed > explicit > local > project > user (see docs/settings.md).
 */
export type SourceLevel =
  | 'managed'
  | 'user'
  | 'project'
  | 'local'
  | 'plugin'
  | 'explicit'
  | 'deepagents'
  | 'inline'
  | 'code';

/** Where a handler was defined: file, level and position, so every message can point at it. */
export interface Provenance {
  /** Absolute path, or a label such as `<inline>` for settings passed as objects. */
  readonly file: string;
  readonly level: SourceLevel;
  /** 1-based line and column of the handler object in the file (1:1 when not from a file). */
  readonly line: number;
  readonly column: number;
  /** JSON path of the handler, for example `hooks.PreToolUse[0].hooks[1]`. */
  readonly jsonPath: string;
  /** The plugin the handler came with (level `plugin`), else undefined. */
  readonly plugin?: PluginOrigin;
  /** The scope (a subagent or a skill run) whose hooks set it belongs to, else undefined. */
  readonly scope?: HookScope;
}

/**
 * What a scoped hook set belongs to (`engine.addScopedHooks`): a subagent, whose hooks run only for events
 * whose payload carries its `agent_id`, or a skill run, whose hooks run for every event until removed.
 */
export type HookScope =
  | {
      readonly kind: 'subagent';
      /** The `agent_id` the host puts in the payloads of the subagent's events. */
      readonly agentId: string;
      /** The subagent's name, for reports (`code-reviewer`). */
      readonly name: string;
      /** The definition file the hooks come from, when there is one. */
      readonly file?: string;
    }
  | {
      readonly kind: 'skill';
      readonly name: string;
      readonly file?: string;
    };

/**
 * What an in-process handler receives and returns: the payload, and the same JSON a command would print.
 * Registered for a catalogue event `E`, both are typed (`HookInput<E>`, `HookOutput<E>`); for an
 * `unknownEvent(name)`, the payload is a plain object and any answer is read as a command's would be.
 */
export type HookCallback<E extends FireableEvent = UnknownEvent> = (
  payload: CallbackPayload<E>,
  context: { signal: AbortSignal },
) => CallbackAnswer<E> | PromiseLike<CallbackAnswer<E>>;

/** An in-process hook (`EngineOptions.callbacks`), typed by the event it is registered for. */
export interface CallbackHandlerSettings<E extends FireableEvent = UnknownEvent> {
  readonly type: 'callback';
  /** Shown in reports in place of a command. */
  readonly name: string;
  readonly callback: HookCallback<E>;
  readonly timeout?: number;
  readonly once?: boolean;
  readonly if?: string;
  readonly onFailure?: 'block' | 'continue';
  readonly async?: boolean;
}

/** Any handler: one of the settings file types (from the schema map), or an in-process callback. */
export type HandlerConfig = HandlerSettings | CallbackHandlerSettings;

/** The handler settings of each type, by type. */
export type HandlerConfigs = {
  readonly [Type in HandlerType]: Extract<HandlerConfig, { readonly type: Type }>;
};

/** The handler settings of one type: what that type's runner receives. */
export type HandlerConfigOf<Type extends HandlerType> = HandlerConfigs[Type];

/** One handler, attached to one event, with everything resolved that the engine needs to select and run it. */
export interface ConfiguredHook<Type extends HandlerType = HandlerType> {
  /** The event name as written (unknown names are kept, with a warning, and run as notifications). */
  readonly event: string;
  /** The matcher, trimmed; undefined means everything. */
  readonly matcher: string | undefined;
  /** Hooks of the same definition share this id; `sequential` definitions run in order by it. */
  readonly definitionId: string;
  readonly sequential: boolean;
  /** True when the handler or its definition is `async`. */
  readonly background: boolean;
  readonly handler: HandlerConfigOf<Type>;
  readonly type: Type;
  /** The handler's timeout or the catalogue's default for the event and type, in seconds. */
  readonly timeoutSeconds: number;
  /**
   * Identical hooks run once per event: command hooks by their exact command string (and args),
   * http hooks by URL, model hooks by prompt; callbacks never de-duplicate.
   */
  readonly dedupeKey: string;
  /** A short label for reports: the command line, the URL, or the callback's name. */
  readonly label: string;
  readonly provenance: Provenance;
}

/** An http URL pattern together with the level that allowed it (project settings cannot open loopback). */
export interface AllowedUrl {
  readonly pattern: string;
  readonly level: SourceLevel;
}

/** Settings keys that govern hooks rather than define them, merged across files. */
export interface HookPolicy {
  readonly disableAllHooks: boolean;
  readonly allowManagedHooksOnly: boolean;
  /** Undefined when no file sets it (every URL allowed); an empty list blocks every http hook. */
  readonly allowedHttpHookUrls: readonly AllowedUrl[] | undefined;
  /** Undefined when no file sets it. */
  readonly httpHookAllowedEnvVars: readonly string[] | undefined;
}

/** A located problem in a settings file. Errors make `validate` fail; warnings do not. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly jsonPath: string;
  readonly message: string;
}

export type SettingsFormat = 'claude' | 'deepagents';

export interface LoadedFile {
  readonly file: string;
  readonly level: SourceLevel;
  readonly format: SettingsFormat;
}

/** Everything loaded from all sources: the hooks in run order, the policy, and what was wrong. */
export interface LoadedSettings {
  readonly hooks: readonly ConfiguredHook[];
  readonly policy: HookPolicy;
  readonly files: readonly LoadedFile[];
  readonly diagnostics: readonly Diagnostic[];
  /** Sources skipped because they need trust and are not trusted (empty when trust is off). */
  readonly untrusted: readonly UntrustedSource[];
}
