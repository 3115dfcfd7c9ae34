import { withheldVariables } from './secret-variables.js';

/** The scrub setting of a request: which secret-looking host variables to pass anyway, or null for none. */
export type ScrubSetting = { readonly keep: ReadonlySet<string> } | null;

/** What one engine environment object and one scrub setting give, each part computed on first use. */
interface CachedEnvironment {
  readonly scrub: ScrubSetting;
  /** The environment the host variables come from (process.env, or a daemon request's). */
  readonly host: Readonly<NodeJS.ProcessEnv>;
  /** process.env less the withheld variables, with the engine environment over it (direct spawns). */
  merged: NodeJS.ProcessEnv | undefined;
  /** The host variables to withhold (spawner requests). */
  withheld: readonly string[] | undefined;
}

/*
 * The one cache of hook environments in the host process. Copying process.env is the one per-spawn cost
 * that a bare spawn does not pay, so the copy is made once per engine environment object (an engine makes
 * one per session, the dispatcher one in all) and scrub setting: the key is both, because the result
 * depends on both. process.env is read when an entry is first made (docs/processes.md). An environment
 * object seen with another scrub setting replaces its entry; engines keep one setting for their life.
 */
const cache = new WeakMap<object, CachedEnvironment>();

function entryFor(
  environment: Readonly<Record<string, string>>,
  scrub: ScrubSetting,
  host: Readonly<NodeJS.ProcessEnv>,
): CachedEnvironment {
  const entry = cache.get(environment);
  if (entry !== undefined && entry.scrub === scrub && entry.host === host) return entry;
  const fresh: CachedEnvironment = { scrub, host, merged: undefined, withheld: undefined };
  cache.set(environment, fresh);
  return fresh;
}

function withheldOf(entry: CachedEnvironment): readonly string[] {
  entry.withheld ??= entry.scrub === null ? [] : withheldVariables(entry.host, entry.scrub.keep);
  return entry.withheld;
}

/**
 * The environment of a directly spawned command hook: the host's (less its secret-looking variables when
 * `scrub` is set), then the engine's (`CLAUDE_PROJECT_DIR`, ...), then the handler's `env`. What the engine
 * and the handler set explicitly is always passed.
 */
export function hookEnvironment(
  environment: Readonly<Record<string, string>>,
  handlerEnvironment: Readonly<Record<string, string>> | undefined,
  scrub: ScrubSetting,
  hostEnvironment: Readonly<NodeJS.ProcessEnv> = process.env,
): NodeJS.ProcessEnv {
  const entry = entryFor(environment, scrub, hostEnvironment);
  if (entry.merged === undefined) {
    const host: NodeJS.ProcessEnv = { ...entry.host };
    for (const name of withheldOf(entry)) delete host[name];
    entry.merged = Object.assign(host, environment);
  }
  return handlerEnvironment === undefined ? entry.merged : { ...entry.merged, ...handlerEnvironment };
}

/**
 * The same environment for a hook spawned by the spawner process, as an overlay on the spawner's own
 * environment (the host's) and the host variables to withhold from it.
 */
export function helperEnvironment(
  environment: Readonly<Record<string, string>>,
  handlerEnvironment: Readonly<Record<string, string>> | undefined,
  scrub: ScrubSetting,
  hostEnvironment: Readonly<NodeJS.ProcessEnv> = process.env,
): { readonly envOverlay: Readonly<Record<string, string>>; readonly withheldVariables: readonly string[] } {
  return {
    envOverlay: handlerEnvironment === undefined ? environment : { ...environment, ...handlerEnvironment },
    withheldVariables: withheldOf(entryFor(environment, scrub, hostEnvironment)),
  };
}
