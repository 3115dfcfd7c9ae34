import type { SessionEnvFiles } from '../env-file/session-env-files.js';
import type { PayloadDefaults } from '../events/fill-payload.js';
import type { Diagnostic, HookPolicy } from '../settings/configured-hook.js';
import type { EngineRunSettings } from './engine-run-settings.js';
import type { NormalizedOptions } from './normalize-options.js';
import type { ScopedHookSets } from './scoped-hook-sets.js';
import type { SessionStateBackend } from './session-state.js';
import type { UntrustedGate } from './untrusted-gate.js';
import type { SessionWatcher } from './watch-files.js';

/** Everything a firing needs from its engine, built once by createEngine. */
export interface EngineContext {
  readonly options: NormalizedOptions;
  /** The merged hook policy, which the http runner enforces (URL and env var allowlists). */
  readonly policy: HookPolicy;
  /** `once` claims, Stop counts and waiting background results: the engine's option, or local. */
  readonly state: SessionStateBackend;
  /** The sessions' environment files (CLAUDE_ENV_FILE). */
  readonly envFiles: SessionEnvFiles;
  readonly defaults: PayloadDefaults;
  /** Aborted by close(): every runner ends its hook and reports `cancelled`. */
  readonly signal: AbortSignal;
  /** What every hook of a firing shares (cwd, environment, policy, ...), per session and cwd. */
  readonly runSettings: EngineRunSettings;
  /** Adds a promise to what close() waits for. */
  readonly track: <T>(promise: Promise<T>) => Promise<T>;
  /** The settings' hooks and the scoped ones added since: `hookSets.index` is what a firing selects from. */
  readonly hookSets: ScopedHookSets;
  /** The sessions' file watchers (`engine.watchFiles`), which firings update and session ends stop. */
  readonly watchers: Set<SessionWatcher>;
  /** Fails closed the events that untrusted files' hooks would have run on; undefined when none is untrusted. */
  readonly untrustedGate: UntrustedGate | undefined;
  /** The settings errors that block (`onConfigError: 'block'`); empty otherwise. */
  readonly configErrors: readonly Diagnostic[];
}

/** The session a payload belongs to: `session_id`, Deep Agents' `thread_id`, or the engine's own. */
export function sessionOf(payload: Readonly<Record<string, unknown>>, fallback: string): string {
  const session = payload.session_id;
  if (typeof session === 'string') return session;
  const thread = payload.thread_id;
  return typeof thread === 'string' ? thread : fallback;
}
