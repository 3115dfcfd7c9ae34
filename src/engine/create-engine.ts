import { closeSync, openSync, readSync } from 'node:fs';
import { SessionEnvFiles } from '../env-file/session-env-files.js';
import { HookwireError } from '../errors/hookwire-error.js';
import type { AnyEventName } from '../events/event-names.js';
import type { Outcome } from '../outcome/outcome.js';
import { closeMcpConnections } from '../run/mcp/mcp-connections.js';
import { endDetachedProcessesOf } from '../run/process/hook-run-marker.js';
import { diagnosticPosition } from '../settings/format-diagnostic.js';
import { loadSettings } from '../settings/load-settings.js';
import { createFiringTelemetry } from '../telemetry/firing-telemetry.js';
import { deliverEarlierResults } from './background/deliver-earlier-results.js';
import { queueDelivery } from './background/queue-delivery.js';
import { callbackHooks } from './callback-hooks.js';
import type { Engine, EngineOptions, FireOptions } from './engine.js';
import type { EngineContext } from './engine-context.js';
import { EngineRunSettings } from './engine-run-settings.js';
import { fireEvent } from './fire-event.js';
import { LocalSessionState } from './local-session-state.js';
import { normalizeOptions } from './normalize-options.js';
import { ScopedHookSets } from './scoped-hook-sets.js';
import { SessionFiles } from './session-files.js';
import type { Delivery } from './session-state.js';
import { createUntrustedGate } from './untrusted-gate.js';
import { createSessionWatcher, type SessionWatcher } from './watch-files.js';

/** `engine.fire` as the engine runs it: any name (an unknown one runs as notifications), any object. */
type UntypedFire = (
  event: AnyEventName,
  payload?: Readonly<Record<string, unknown>>,
  fireOptions?: FireOptions,
) => Promise<Outcome>;

const EMPTY_PAYLOAD: Readonly<Record<string, unknown>> = Object.freeze({});
/** Without a cache, each engine loads its own settings. */
const UNCACHED = { load: loadSettings };
const DEFAULT_CLOSE_DEADLINE_MS = 5000;

/**
 * Creates the engine: loads the settings (every default source, or only `options.settings`), appends the
 * code callbacks, and compiles the hooks once into an index by event. Firing an event that no hook matches
 * costs one map lookup and a matcher test per hook of the event, and allocates nothing.
 */
export async function createEngine(engineOptions: EngineOptions = {}): Promise<Engine> {
  return createEngineSync(engineOptions);
}

/**
 * `createEngine`, for a caller that must hold the engine at once (an adapter's synchronous factory): loading
 * the settings is synchronous. Throws where `createEngine` rejects.
 */
export function createEngineSync(engineOptions: EngineOptions = {}): Engine {
  const options = normalizeOptions(engineOptions);
  const loaded = (options.settingsCache ?? UNCACHED).load({
    cwd: options.cwd,
    projectDir: options.projectDir,
    homeDir: options.homeDir,
    managedSettingsPath: options.managedSettingsPath,
    deepAgentsPath: options.deepAgentsPath,
    ...(options.files ? { files: options.files } : {}),
    ...(options.objects ? { objects: options.objects } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
    trustStore: options.trustStore,
  });
  const settings = { ...loaded, hooks: [...loaded.hooks, ...callbackHooks(options.callbacks)] };
  const warn = (message: string) => options.logger?.warn(message);
  const hookSets = new ScopedHookSets(settings.hooks, options.projectDir, warn);
  for (const diagnostic of settings.diagnostics)
    warn(`${diagnosticPosition(diagnostic)}: ${diagnostic.message}`);
  for (const warning of hookSets.index.warnings) warn(warning);
  const configErrors =
    options.onConfigError === 'block'
      ? settings.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
      : [];
  // Untrusted files fail closed (docs/trust.md); with none, firings pay nothing for it.
  const untrustedGate = createUntrustedGate(settings.untrusted, options.projectDir, options.onUntrusted);

  const sessionId = randomSessionId();
  const controller = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const watchers = new Set<SessionWatcher>();
  let closed = false;
  const context: EngineContext = {
    options,
    policy: settings.policy,
    state:
      options.sessionState ??
      new LocalSessionState(
        options.sessionStateDir === undefined ? undefined : new SessionFiles(options.sessionStateDir),
      ),
    envFiles: new SessionEnvFiles(options.stateDir, options.hostEnvFile, options.envFile === 'engine'),
    defaults: {
      sessionId,
      transcriptPath: options.host.locations.transcriptPath(options.homeDir, options.projectDir, sessionId),
      cwd: options.cwd,
    },
    signal: controller.signal,
    runSettings: new EngineRunSettings(options, settings.policy, controller.signal),
    track: (promise) => {
      inFlight.add(promise);
      const forget = () => inFlight.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    hookSets,
    watchers,
    untrustedGate,
    configErrors,
  };

  const fire: UntypedFire = (event, payload, fireOptions) => {
    if (closed)
      return Promise.reject(new HookwireError('closed', `cannot fire ${event}: the engine is closed`));
    // A name the catalogue does not know is no error: its hooks run as notifications (specOf), with a warning.
    if (typeof event !== 'string' || event === '') return Promise.reject(notAnEventName(event));
    const given = payload ?? EMPTY_PAYLOAD;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      return Promise.reject(new HookwireError('payload', `the payload of ${event} must be an object`));
    }
    const earlier = options.backgroundResults;
    if (earlier === undefined) return fireEvent(context, event, given, fireOptions?.signal);
    // The session's background results of earlier events, recorded by processes of their own, first.
    return deliverEarlierResults(engine, event, given, earlier.directory).then((refused) => {
      if (refused !== undefined) earlier.onRefused(refused);
      return fireEvent(context, event, given, fireOptions?.signal);
    });
  };
  // Loaded only when asked for: `hookwire run` without a trace never evaluates the writer. The engine is
  // made synchronously, so the first traced firing waits for the import.
  const trace = options.trace;
  const tracer =
    trace === undefined
      ? undefined
      : import('../trace/create-trace-writer.js').then(({ createTraceWriter }) => createTraceWriter(trace));
  // A writer that cannot be made is reported at each firing (below), never as an unhandled rejection.
  tracer?.catch(() => undefined);

  // Spans (docs/observability.md): with no tracer registered and no `onSpans`, a firing pays one lookup.
  const telemetry = createFiringTelemetry(options.telemetry, warn);

  const untypedFire: UntypedFire =
    tracer === undefined && telemetry === undefined
      ? fire
      : (event, payload, fireOptions) => {
          const spanStart = telemetry?.begin();
          if (tracer === undefined && spanStart === undefined) return fire(event, payload, fireOptions);
          const startedAt = new Date();
          return fire(event, payload, fireOptions).then(async (outcome) => {
            const given = payload ?? EMPTY_PAYLOAD;
            if (tracer !== undefined) {
              try {
                (await tracer).record(event, given, outcome, startedAt, sessionId);
              } catch (error) {
                trace?.onWarning(`hookwire: cannot record the trace: ${String(error)}`);
              }
            }
            if (spanStart !== undefined) await telemetry?.end(spanStart, given, outcome);
            return outcome;
          });
        };

  const engine: Engine = {
    settings,
    // The typed signature is the library's face; the name and payload are checked at run time all the same.
    fire: untypedFire as Engine['fire'],
    sessionEnvironment(target = sessionId): Readonly<Record<string, string>> {
      const parsed = context.envFiles.read(target);
      for (const warning of parsed.warnings) options.logger?.warn(warning);
      return parsed.variables;
    },
    addScopedHooks(hooks, scope) {
      // Hooks added now would run for no one: the engine fires nothing more.
      if (closed) throw new HookwireError('closed', 'cannot add scoped hooks: the engine is closed');
      const set = hookSets.add(hooks, scope);
      for (const diagnostic of set.diagnostics)
        warn(`${diagnosticPosition(diagnostic)}: ${diagnostic.message}`);
      return set;
    },
    deliver(target: string, deliveries: readonly Delivery[]): void {
      // The local state queues before this returns; a shared store's write is awaited by close().
      for (const delivery of deliveries) context.track(queueDelivery(context, target, delivery));
    },
    watchFiles(watchOptions = {}) {
      // A watcher made now would never be closed, and would keep the process alive.
      if (closed) throw new HookwireError('closed', 'cannot watch files: the engine is closed');
      const sessionWatcher = createSessionWatcher(
        {
          ...watchOptions,
          sessionId: watchOptions.sessionId ?? sessionId,
          cwd: watchOptions.cwd ?? options.cwd,
        },
        (payload) => engine.fire('FileChanged', payload),
        options.logger,
      );
      watchers.add(sessionWatcher);
      const { watcher } = sessionWatcher;
      return {
        get paths() {
          return watcher.paths;
        },
        setPaths: (paths) => watcher.setPaths(paths),
        close: () => {
          watchers.delete(sessionWatcher);
          watcher.close();
        },
      };
    },
    async close(deadlineMs = DEFAULT_CLOSE_DEADLINE_MS): Promise<void> {
      closed = true;
      for (const { watcher } of watchers) watcher.close();
      watchers.clear();
      controller.abort(new HookwireError('closed', 'the engine was closed'));
      // With nothing in flight (an event no hook matched) there is nothing to wait for: no deadline timer,
      // whose first setTimeout costs a fresh `hookwire run` its timers' start-up.
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, deadlineMs);
        });
        await Promise.race([Promise.allSettled([...inFlight]), deadline]);
        clearTimeout(timer);
      }
      // MCP connections are the process's (hooks of every engine share them): closing one engine ends them,
      // stdio servers with them, and the next mcp_tool hook reconnects; a daemon keeps them warm instead.
      if (!options.keepMcpConnections) await closeMcpConnections();
      for (const warning of context.envFiles.removeAll()) options.logger?.warn(warning);
      // Hooks still running end themselves (the abort); this reaches what finished hooks left detached.
      if (options.endDetachedOnClose) endDetachedProcessesOf(controller.signal);
    },
  };
  return engine;
}

function notAnEventName(event: unknown): HookwireError {
  return new HookwireError(
    'usage',
    `the event name must be a non-empty string, not ${JSON.stringify(event)}`,
  );
}

/*
 * A random (version 4) UUID for the engine's own session. Read from /dev/urandom rather than with
 * node:crypto's randomUUID: importing node:crypto costs several milliseconds at start-up, which `hookwire
 * run` (one process per event) pays on every event. Where /dev/urandom is missing (Windows), Web Crypto.
 */
function randomSessionId(): string {
  const bytes = Buffer.alloc(16);
  try {
    const descriptor = openSync('/dev/urandom', 'r');
    try {
      let filled = 0;
      while (filled < bytes.length)
        filled += readSync(descriptor, bytes, filled, bytes.length - filled, null);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return globalThis.crypto.randomUUID();
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
