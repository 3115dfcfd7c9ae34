/** process.env merged with one engine environment object, reused by every hook of the same event. */
const mergedByEnvironment = new WeakMap<object, NodeJS.ProcessEnv>();

/**
 * The environment of a command hook: the host's, then the engine's (`CLAUDE_PROJECT_DIR`, ...), then the
 * handler's `env`. The first merge is cached per engine environment object because copying process.env is
 * the one per-spawn cost that a bare spawn does not pay; process.env is read when that object is first seen.
 */
export function hookEnvironment(
  environment: Readonly<Record<string, string>>,
  handlerEnvironment: Readonly<Record<string, string>> | undefined,
): NodeJS.ProcessEnv {
  let merged = mergedByEnvironment.get(environment);
  if (merged === undefined) {
    merged = { ...process.env, ...environment };
    mergedByEnvironment.set(environment, merged);
  }
  return handlerEnvironment === undefined ? merged : { ...merged, ...handlerEnvironment };
}
