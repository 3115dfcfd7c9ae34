import { withheldVariables } from './secret-variables.js';

/** process.env merged with one engine environment object, reused by every hook of the same event. */
const mergedByEnvironment = new WeakMap<object, NodeJS.ProcessEnv>();

/**
 * The environment of a command hook: the host's (less its secret-looking variables when `scrub` is given),
 * then the engine's (`CLAUDE_PROJECT_DIR`, ...), then the handler's `env`. What the engine and the handler set
 * explicitly is always passed. The first merge is cached per engine environment object because copying
 * process.env is the one per-spawn cost that a bare spawn does not pay; process.env is read when that object
 * is first seen, and an engine's scrub setting never changes, so it is part of the same cache entry.
 */
export function hookEnvironment(
  environment: Readonly<Record<string, string>>,
  handlerEnvironment: Readonly<Record<string, string>> | undefined,
  scrub?: { readonly keep: ReadonlySet<string> },
): NodeJS.ProcessEnv {
  let merged = mergedByEnvironment.get(environment);
  if (merged === undefined) {
    const host: NodeJS.ProcessEnv = { ...process.env };
    if (scrub) for (const name of withheldVariables(host, scrub.keep)) delete host[name];
    merged = Object.assign(host, environment);
    mergedByEnvironment.set(environment, merged);
  }
  return handlerEnvironment === undefined ? merged : { ...merged, ...handlerEnvironment };
}
