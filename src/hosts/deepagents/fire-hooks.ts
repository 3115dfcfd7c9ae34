import { HOOK_EVENTS, type HookEvent } from './hook-events.js';
import { type HookResult, readHookOutcome } from './hook-output.js';
import { type HooksSnapshot, matchHandlers, type SnapshotHandler } from './hook-snapshot.js';
import { resolvePluginHandler } from './plugin-variables.js';
import { matcherSubject } from './project-invocation.js';
import { type HookDecision, reduceHookResults } from './reduce-hook-results.js';
import { runHookCommand } from './run-hook-command.js';

/*
 * One Hooks v2 invocation (upstream `engine.py`): the handlers whose matcher takes the payload's matcher
 * field all start together, each with its own timeout (no de-duplication, no cap), and their results are
 * reduced in configuration order whatever order they finish in.
 */

/** An invocation to fire. */
export interface HookFiring {
  readonly snapshot: HooksSnapshot;
  readonly event: HookEvent;
  /** The wire payload. */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  /** The environment handlers get (already scrubbed), plus per-handler additions (plugin variables). */
  readonly env: Readonly<Record<string, string>>;
  /** Variables a handler gets beside `env` (a plugin's); its argv's `${VAR}` of these are replaced. */
  readonly envFor?: (handler: SnapshotHandler) => Readonly<Record<string, string>>;
  readonly continuationCount?: number;
  readonly maxOutputBytes?: number;
  /** Overrides the event's default timeout (seconds). */
  readonly defaultTimeoutSeconds?: number;
}

/** What firing gives: the handlers that ran, their results, and the reduced decision. */
export interface FiredHooks {
  readonly matched: readonly SnapshotHandler[];
  readonly results: readonly HookResult[];
  readonly decision: HookDecision;
}

/** Fires `firing`. Never throws. */
export async function fireHooks(firing: HookFiring): Promise<FiredHooks> {
  const matched = matchHandlers(firing.snapshot, firing.event, matcherSubject(firing.event, firing.payload));
  const input = JSON.stringify(firing.payload);
  const results = await Promise.all(
    matched.map(async (entry) => {
      const timeoutSeconds =
        entry.handler.timeout?.value ??
        firing.defaultTimeoutSeconds ??
        HOOK_EVENTS[firing.event].defaultTimeoutSeconds;
      const variables = firing.envFor?.(entry) ?? {};
      const outcome = await runHookCommand({
        handler: resolvePluginHandler(entry.handler, variables),
        handlerId: entry.id,
        input,
        cwd: firing.cwd,
        env: { ...firing.env, ...variables },
        timeoutSeconds,
        ...(firing.maxOutputBytes === undefined ? {} : { maxOutputBytes: firing.maxOutputBytes }),
      });
      return readHookOutcome(outcome, entry.id);
    }),
  );
  const decision = reduceHookResults(results, {
    event: firing.event,
    ...(firing.continuationCount === undefined ? {} : { continuationCount: firing.continuationCount }),
  });
  return { matched, results, decision };
}
