import type { Logger } from '../common/logger.js';
import type { EventName } from '../events/event-names.js';
import type { FireableEvent, FirePayload, UnknownEvent } from '../events/hook-io.js';
import type { Host } from '../hosts/host.js';
import type { HookRun, Outcome } from '../outcome/outcome.js';
import type { ModelOptions } from '../run/model/model-options.js';
import type { CallbackHandlerSettings, HookScope, LoadedSettings } from '../settings/configured-hook.js';
import type { SettingsCache } from '../settings/settings-cache.js';
import type { ClaudeSettings, DeepAgentsHooks } from '../settings/settings-schema.js';
import type { TrustMode, UntrustedPolicy } from '../settings/trust-rule.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import type { TraceOptions } from '../trace/trace-options.js';
import type { FileWatcher } from '../watch/file-watcher.js';
import type { BackgroundLauncher } from './background/background-job.js';
import type { ConfigErrorPolicy } from './config-errors.js';
import type { ScopedHookSet } from './scoped-hook-sets.js';
import type { Delivery, SessionStateBackend } from './session-state.js';
import type { WatchFilesOptions } from './watch-files.js';

export type { HookScope } from '../settings/configured-hook.js';
export type { FiringSpans, SpanPlan } from '../telemetry/firing-spans.js';
export type { TelemetryOptions, TelemetryTracer } from '../telemetry/telemetry-options.js';
export type { FileChangeKind, FileWatcher } from '../watch/file-watcher.js';
export type { BackgroundJob, BackgroundLauncher } from './background/background-job.js';
export type { ScopedHookSet } from './scoped-hook-sets.js';
export type { Delivery as BackgroundDelivery } from './session-state.js';
export type { WatchFilesOptions } from './watch-files.js';

/** Where background results of earlier events wait, and who is told of a file refused (`backgroundResults`). */
export interface BackgroundResultsOptions {
  readonly directory: string;
  readonly onRefused: (reason: string) => void;
}

/** Options of `createEngine`, normalised once at the entry (see engine/normalize-options). */
export interface EngineOptions {
  /** The session's directory; the default cwd of payloads. Default: process.cwd(). */
  readonly cwd?: string;
  /** The project root (CLAUDE_PROJECT_DIR). Default: cwd. */
  readonly projectDir?: string;
  /**
   * Settings to load: file paths and/or settings objects. When given (or `plugins`), only these are loaded;
   * when omitted, every default source for projectDir (managed, user, project, local, the installed plugins
   * their `enabledPlugins` turn on, Deep Agents).
   */
  readonly settings?: ReadonlyArray<string | ClaudeSettings | DeepAgentsHooks>;
  /**
   * Claude Code plugin directories whose hooks to load (`hooks/hooks.json` and the manifest's `hooks`), each
   * hook run with CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA (docs/plugins.md). Like `settings`, naming any
   * replaces the default sources.
   */
  readonly plugins?: readonly string[];
  /**
   * MCP server configurations for `mcp_tool` hooks, as Claude Code's `--mcp-config` takes them: files
   * (`{"mcpServers": {...}}`, relative to cwd) or that JSON as text; they win over every other scope unless
   * a managed-mcp.json has exclusive control (docs/settings.md, "MCP servers").
   */
  readonly mcpConfig?: readonly string[];
  /** Points the user level elsewhere (tests never touch the real home). Default: os.homedir(). */
  readonly homeDir?: string;
  /** Default: /etc/claude-code/managed-settings.json. */
  readonly managedSettingsPath?: string;
  /** Default: <homeDir>/.deepagents/hooks.json. */
  readonly deepAgentsPath?: string;
  /**
   * In-process hooks, as the Claude Agent SDK allows. A callback registered for a catalogue event gets that
   * event's `HookInput` and answers its `HookOutput`; `event: unknownEvent(name)` registers one untyped.
   */
  readonly callbacks?: ReadonlyArray<CallbackRegistration>;
  readonly logger?: Logger;
  readonly onHookStart?: (run: { event: string; index: number; command: string }) => void;
  readonly onHookEnd?: (run: HookRun & { event: string }) => void;
  /** Consecutive Stop/SubagentStop blocks before the outcome says the cap was reached. Default 9. */
  readonly stopBlockCap?: number;
  /** Extra environment for command hooks, on top of process.env (or `hostEnvironment`). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The environment that stands for process.env: what hooks inherit (under `env`), and where the engine
   * reads its own variables (HOOKWIRE_SCRUB_SECRETS, HOOKWIRE_STATE_DIR, model keys, CLAUDE_ENV_FILE, ...).
   * For a process that serves another process's event (the daemon passes each request's environment, used
   * for that engine only). Default: process.env.
   */
  readonly hostEnvironment?: Readonly<NodeJS.ProcessEnv>;
  /**
   * The agent whose hook protocol the engine speaks (src/hosts/): the environment hooks get, how their
   * output is read, the default transcript path. Default: Claude Code (`claudeCodeHost`).
   */
  readonly host?: Host;
  /** Capture cap per stream, bytes. Default 16 MiB; past it a hook on an event that can block blocks (fail closed). */
  readonly outputCapBytes?: number;
  /**
   * How command hooks are spawned. `helper-process` routes spawns through a small long-lived process the
   * engine starts on demand, so spawn cost does not grow with this process's memory (worth it for hosts
   * holding hundreds of MiB). Default `direct`.
   */
  readonly spawner?: 'direct' | 'helper-process';
  /**
   * Keep the host's secret-looking variables (GITHUB_TOKEN, ANTHROPIC_API_KEY, DB_PASSWORD, ...) away from
   * command hooks; `keep` names the ones hooks may still inherit. The engine's own variables, `env` and a
   * handler's `env` are always passed. Default: off, or on when HOOKWIRE_SCRUB_SECRETS=1.
   */
  readonly scrubSecrets?: boolean | { readonly keep?: readonly string[] };
  /**
   * Provider, base URL, API key and default model for prompt and agent hooks. Each falls back to the
   * environment: HOOKWIRE_MODEL_PROVIDER, ANTHROPIC_/OPENAI_BASE_URL and _API_KEY, HOOKWIRE_MODEL.
   */
  readonly model?: ModelOptions;
  /**
   * What to do when the settings have errors (a file missing, unreadable or malformed, an invalid handler):
   * `block` fails closed, blocking every event that can block with the located errors as the reason (the
   * valid hooks still run); `allow` only reports them through the logger and `settings.diagnostics`.
   * Default `allow`; `hookwire run` defaults to `block`.
   */
  readonly onConfigError?: ConfigErrorPolicy;
  /**
   * Hands each background (`async`) hook other than a callback to this function, as data, instead of running
   * it in-process: for a host that exits before its background hooks end (`hookwire run` starts a detached
   * process per job, which runs it with `runBackgroundJob`). Its results come back through `deliver`.
   * Default: background hooks run in-process, and `close()` ends them.
   */
  readonly backgroundLauncher?: BackgroundLauncher;
  /**
   * Where the launcher's jobs record their results (`runBackgroundJob` appends them under `directory`): before each
   * firing the engine takes the session's results of earlier events from there and merges them into this
   * one; at the session's end event it removes the session's file instead (the session's start and end also
   * sweep stale files). A results file or directory refused unread (another user's, a link, ...) is told to
   * `onRefused`, and the event fires all the same: the directory is a convenience, never the event's failure.
   * For a host that runs one process per event (`hookwire run`, the daemon). Default: none.
   */
  readonly backgroundResults?: BackgroundResultsOptions;
  /**
   * Where the engine keeps per-session files: the sessions' environment files (CLAUDE_ENV_FILE) go in
   * `<stateDir>/session-env/<session>/`. Default: a directory made under the system's temporary directory
   * on first use. The session directories (and a default state directory) are removed at SessionEnd and
   * `close()`. When `env` or the host's environment already sets CLAUDE_ENV_FILE, hooks get that file.
   */
  readonly stateDir?: string;
  /**
   * Which environment file (CLAUDE_ENV_FILE) the hooks of SessionStart, Setup, CwdChanged and FileChanged
   * get: `'engine'` (default) the host's when it names one, else the engine's own session file, whose
   * variables the outcome's `environment` holds for the host to apply; `'host'` only the host's, else none,
   * as the host itself gives its hooks (`hookwire run`: nothing would apply what they wrote to a file of its
   * own, and a host without one gives its hooks no CLAUDE_ENV_FILE).
   */
  readonly envFile?: 'engine' | 'host';
  /**
   * Keep what the engine remembers per session (which `once` hooks ran, consecutive Stop blocks) in files
   * under `<sessionStateDir>/sessions/`, shared with engines in other processes, instead of in memory: for a
   * host that runs one process per event (`hookwire run` passes hookwire's state directory). Concurrent
   * engines run a `once` hook exactly once per session. A session's files go after its end event; sessions
   * untouched for 7 days go at the next session start or end. Default: in memory.
   */
  readonly sessionStateDir?: string;
  /**
   * Where the engine keeps what it remembers per session (`once` claims, consecutive Stop blocks, waiting
   * background results) instead: a store shared by several engines, such as `serve --state redis://...`'s
   * (`connectRedisSessionState`). The caller made it and closes it; `sessionStateDir` is then ignored. A
   * store that fails during an event fails the event closed (blocked, with the store's located reason).
   */
  readonly sessionState?: SessionStateBackend;
  /**
   * `require`: hooks from sources a repository can carry (project and local settings, and settings files
   * inside the project directory) run only when `hookwire trust` recorded their exact bytes; others do not
   * run, each file has one warning, is listed in `settings.untrusted`, and fails closed (`onUntrusted`).
   * `off`: every source runs. Default `off`: the host decides (`hookwire run` requires trust). See
   * docs/trust.md.
   */
  readonly trust?: TrustMode;
  /**
   * Under `trust: 'require'`, what an untrusted file does to the events its hooks would have run on:
   * `block` blocks every such event that can block, with the file, why it is untrusted and the command that
   * trusts it as the reason, and tells the others in a system message; `skip` only tells, as system
   * messages. Default `block`: a guard the user has not trusted (a clone, an edit) must not let through what
   * it was written to stop. `hookwire run --on-untrusted skip` is the CLI's opt-out.
   */
  readonly onUntrusted?: UntrustedPolicy;
  /** The trust store `require` checks. Default: `trust.json` in hookwire's state directory (HOOKWIRE_STATE_DIR). */
  readonly trustStore?: string;
  /**
   * Loadings of settings shared by the engines a long-lived process creates one after another (the daemon:
   * one per event): each engine's settings come from it while every file they were read from, the trust
   * store and the real paths the trust rules resolve are as they were (`SettingsCache`). Default: none, the
   * settings are loaded for this engine.
   */
  readonly settingsCache?: SettingsCache;
  /**
   * Record every fired event (payload, outcome with its runs and timings, the host's answer) as one JSONL
   * line in a file per session under `trace.dir`, secrets redacted, rotated by size (docs/traces.md). A line
   * that cannot be written is a warning (`onWarning`, else the logger), never the event's failure.
   * Default: off.
   */
  readonly trace?: TraceOptions;
  /**
   * OpenTelemetry spans (docs/observability.md): a span per firing and a child per hook run, under the
   * host's active span. Default: the tracer of the provider the host registered with
   * `@opentelemetry/api`, when there is one (nothing is loaded otherwise); `false` turns spans off.
   */
  readonly telemetry?: TelemetryOptions | false;
  /**
   * Whether `close()` also ends the processes that hooks which exited normally left running outside their
   * process group (setsid, a double fork, a daemon), found by the marker in their environment (Linux; see
   * docs/processes.md). Default true: an engine is a session, and nothing it started outlives it.
   * `hookwire run` passes false: it closes after every event, and Claude Code leaves such daemons running.
   */
  /**
   * Leave the process's MCP connections open at `close()` (default false: closing an engine ends them, and
   * their stdio servers): for a long-lived process that makes an engine per event, such as `hookwire
   * daemon`, which keeps them warm for the next event and ends them when it stops (`closeMcpConnections`).
   */
  readonly keepMcpConnections?: boolean;
  readonly endDetachedOnClose?: boolean;
}

/** One in-process hook of `EngineOptions.callbacks`, typed by the event it is registered for. */
export type CallbackRegistration<E extends FireableEvent = FireableEvent> = E extends EventName | UnknownEvent
  ? {
      readonly event: E;
      /** Tested like a settings file's matcher; none (or empty) matches everything. */
      readonly matcher?: string;
      readonly hook: CallbackHandlerSettings<E>;
    }
  : never;

/** Options of one firing. */
export interface FireOptions {
  /**
   * Cancels this firing alone: its running hooks end as on the engine's close (process groups get SIGTERM,
   * then SIGKILL after the grace) and report `cancelled`; the outcome is still returned. Background hooks
   * the firing started are not tied to it: they run on, bounded by their own timeouts.
   */
  readonly signal?: AbortSignal;
}

/** The engine an agent embeds. */
export interface Engine {
  /** What was loaded, with diagnostics. */
  readonly settings: LoadedSettings;
  /**
   * Fire an event. Missing common fields are filled in for protocol events (never for Deep Agents events).
   * An event the catalogue does not know runs the hooks configured under that exact name as notifications
   * (their output is not honoured), with a warning in the outcome. Never rejects because of a hook or an
   * event name; rejects only for programmer errors (closed engine, a name or payload of the wrong type).
   *
   * Typed by the event: `fire('PreToolUse', payload)` takes `FirePayload<'PreToolUse'>` (the hook's
   * `HookInput` with the fields the engine fills made optional), so a misspelt event or a field of the wrong
   * type fails to compile. A name known only at run time goes through `fire(unknownEvent(name), payload)`.
   */
  fire<E extends FireableEvent>(event: E, payload?: FirePayload<E>, options?: FireOptions): Promise<Outcome>;
  /**
   * Adds the hooks of a scope, as Claude Code runs those a skill or subagent definition declares in its
   * frontmatter (`hooks:`, the settings' event map; docs/scoped-hooks.md): a subagent's run only for events
   * whose payload carries its `agent_id` (its `Stop` hooks on SubagentStop), a skill's for every event; both
   * until `remove()` on the returned set, which the host calls when the scope ends. They run after the
   * settings' hooks, with the scope as provenance (`runs[].source.scope`). Throws a `settings` HookwireError,
   * adding nothing, when a handler cannot run; warnings are on the set and go to the logger.
   */
  addScopedHooks(hooks: ClaudeSettings['hooks'] | Record<string, unknown>, scope: HookScope): ScopedHookSet;
  /**
   * Queues background results obtained elsewhere (a `backgroundLauncher`'s jobs) for the session's next
   * firing, where they are merged as delivered runs, like those of background hooks run in-process.
   */
  deliver(sessionId: string, deliveries: readonly Delivery[]): void;
  /**
   * The variables the session's environment file (CLAUDE_ENV_FILE) sets now, read afresh (so background
   * hooks' later lines count): what the host applies to its own tool runs. Refused lines are reported
   * through the logger. Default session: the engine's own.
   */
  sessionEnvironment(sessionId?: string): Readonly<Record<string, string>>;
  /**
   * Watches files for a session, as Claude Code does: the `watchPaths` its SessionStart, CwdChanged and
   * FileChanged hooks return replace the list, and each settled change fires FileChanged with `file_path`
   * and `event` (`change`, `add` or `unlink`; matchers test the basename). Until `close()` on the watcher,
   * or on the engine (docs/host-helpers.md). Throws a `closed` HookwireError on a closed engine.
   */
  watchFiles(options?: WatchFilesOptions): FileWatcher;
  /**
   * Stops background hooks within the deadline (ms, default 5000), ending their process groups, and
   * removes the sessions' environment files.
   */
  close(deadlineMs?: number): Promise<void>;
}
