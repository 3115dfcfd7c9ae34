import type { BackgroundLauncher, Engine } from '../../engine/engine.js';
import type { SettingsCache } from '../../settings/settings-cache.js';

/** Where one event comes from and where its answer goes: this process, or a daemon's request. */
export interface EventContext {
  /** The hook input (the event as JSON), as read from stdin. */
  readonly stdin: string;
  /**
   * The environment of the process the host started: read for hookwire's variables and inherited by hooks.
   * `process.env` itself under `hookwire run`, which then also sets the recursion marker in it.
   */
  readonly env: NodeJS.ProcessEnv;
  /** The working directory of that process: the cwd when the payload names none that exists. */
  readonly cwd: string;
  /** Writes part of the answer to stdout (1) or stderr (2), in order. */
  readonly write: (descriptor: 1 | 2, text: string) => void;
  /** Makes the engine's `backgroundLauncher`; each launch adds a promise the event waits for before closing. */
  readonly launcher: (launches: Array<Promise<void>>) => BackgroundLauncher;
  /** Ends the firing early (a daemon's client went away): its hooks end as on a timeout. */
  readonly signal?: AbortSignal;
  /** Called with the engine before the firing; returns what to undo after it. */
  readonly whileFiring?: (engine: Engine) => () => void;
  /** Settings loadings kept between events (the daemon's); none for one `hookwire run`. */
  readonly settingsCache?: SettingsCache;
  /** Leave MCP connections open for the next event (the daemon's, which ends them when it stops). */
  readonly keepMcpConnections?: boolean;
  /**
   * Told as each phase of the event ends (`hookwire daemon`'s profile): `input`, `engine`, `fire` (with how
   * many hooks ran), `close`.
   */
  readonly phase?: (name: EventPhase, hooksRun?: number) => void;
}

/** The phases `EventContext.phase` is told of, in order. */
export type EventPhase = 'input' | 'engine' | 'fire' | 'close';

/**
 * What answering one event gives back: the exit code, and what may follow the answer without delaying it
 * (the bounded OTLP flush), which the caller awaits once the answer is out.
 */
export interface EventAnswer {
  readonly exitCode: number;
  readonly afterAnswer: () => Promise<void>;
}
