import type { AnyEventName } from '../events/event-names.js';
import { fillPayload } from '../events/fill-payload.js';
import { specOf, unknownEventWarning } from '../events/lookup.js';
import { type MergeEntry, mergeOutcome } from '../merge/merge-outcome.js';
import type { Outcome } from '../outcome/outcome.js';
import type { SelectedHook } from '../select/select-hooks.js';
import { capStopBlocks } from './cap-stop-blocks.js';
import { deliveredEntries } from './delivered-entries.js';
import { type EngineContext, sessionOf } from './engine-context.js';
import type { ExecutedHook } from './execute-hook.js';
import type { Firing } from './firing.js';
import { settingsWithEnvFile, withSessionEnvironment } from './offer-env-file.js';
import { planFiring } from './plan-firing.js';
import { runFiring } from './run-firing.js';

/**
 * Runs the selected hooks of one firing and merges what they said: plan (planFiring: duplicates, `once`,
 * background, parallel hooks and sequential chains), run (runFiring), merge. Every hook runs at once, across
 * definitions, except that the hooks of a `sequential` definition run one after another (each sees the tool
 * input as the one before rewrote it; a deny or block skips the rest of the definition), and background
 * hooks are started without being awaited. The payload is serialised once.
 */
export async function fireSelected(
  context: EngineContext,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
  selected: readonly SelectedHook[],
  signal?: AbortSignal,
): Promise<Outcome> {
  const startedAt = performance.now();
  const { options, state } = context;
  const payload = fillPayload(event, given, context.defaults);
  const sessionId = sessionOf(payload, context.defaults.sessionId);
  // The events whose hooks get CLAUDE_ENV_FILE are a fact of the catalogue row.
  const grant = specOf(event).envFile ? context.envFiles.grant(sessionId) : undefined;
  const settings = context.runSettings.of(
    sessionId,
    typeof payload.cwd === 'string' ? payload.cwd : options.cwd,
    signal,
  );
  const firing: Firing = {
    context,
    event,
    sessionId,
    payload,
    payloadJson: JSON.stringify(payload),
    settings: grant === undefined ? settings : settingsWithEnvFile(settings, grant),
    startedAt,
  };
  const plan = planFiring(selected, state, sessionId);
  const finished = await runFiring(firing, selected, plan);

  const entries = mergeEntries(selected, finished);
  // One push per entry: spreading an array of unbounded length into arguments overflows the stack.
  if (state.hasPendingFor(sessionId))
    for (const entry of deliveredEntries(state.takePending(sessionId), entries.length)) entries.push(entry);
  const unknown = unknownEventWarning(event);
  const outcome = mergeOutcome({
    event,
    entries,
    durationMs: performance.now() - startedAt,
    ...(unknown === undefined ? {} : { warnings: [unknown] }),
  });
  const capped = capStopBlocks(outcome, payload, sessionId, state, options.stopBlockCap);
  // Read once the awaited hooks are done; engine.sessionEnvironment() reads again for background ones.
  return grant === undefined
    ? capped
    : withSessionEnvironment(capped, grant, context.envFiles.read(sessionId));
}

/** The merge's entries, in configuration order; a sequential definition's hooks rewrite the input as one. */
function mergeEntries(selected: readonly SelectedHook[], finished: readonly ExecutedHook[]): MergeEntry[] {
  const entries: MergeEntry[] = new Array(finished.length);
  for (let index = 0; index < finished.length; index++) {
    const executed = finished[index] as ExecutedHook;
    const hook = (selected[index] as SelectedHook).indexed.hook;
    entries[index] = {
      run: executed.run,
      effects: executed.effects,
      rewriteGroup: hook.sequential ? hook.definitionId : `#${index}`,
    };
  }
  return entries;
}
