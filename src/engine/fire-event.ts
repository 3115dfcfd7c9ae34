import type { AnyEventName } from '../events/event-names.js';
import { fillPayload } from '../events/fill-payload.js';
import { specOf, unknownEventWarning } from '../events/lookup.js';
import { type MergeEntry, mergeOutcome } from '../merge/merge-outcome.js';
import { emptyOutcome } from '../outcome/empty-outcome.js';
import type { Outcome } from '../outcome/outcome.js';
import {
  NO_HOOKS,
  type SelectedHook,
  selectHooks,
  selectionNeedsShellParser,
} from '../select/select-hooks.js';
import { loadShellParser } from '../select/shell-parser.js';
import { deliveredEntries } from './background/delivered-entries.js';
import { capStopBlocks } from './cap-stop-blocks.js';
import { claimOnceHooks } from './claim-once-hooks.js';
import { configErrorsFor, failClosed } from './config-errors.js';
import { type EngineContext, sessionOf } from './engine-context.js';
import type { ExecutedHook } from './execute-hook.js';
import type { Firing } from './firing.js';
import { settingsWithEnvFile, withSessionEnvironment } from './offer-env-file.js';
import { planFiring } from './plan-firing.js';
import { runFiring } from './run-firing.js';
import type { Delivery, SessionStateBackend } from './session-state.js';
import { failClosedOnStateFault, stateFaultMessage } from './session-state-fault.js';
import { watchPathsOf } from './watch-files.js';

/**
 * One firing of the engine, start to end (the caller checked the event name and the payload's type):
 * 1. select: the hooks whose event, matcher and `if` fit (selectHooks); with none, and no background result
 *    waiting for the session, the event's shared empty outcome, and nothing below but the after-effects;
 * 2. plan: duplicates, `once`, background, parallel hooks and sequential chains, decided before any starts;
 * 3. run and read: each hook as request → runner → reader → run record (execute-hook.ts), by group;
 * 4. merge: the verdicts in configuration order, then the session's delivered background results, into one
 *    Outcome; the Stop block cap; the session's environment file as the hooks left it;
 * 5. after-effects: the session's file watchers, the end of a session, the session files, untrusted files
 *    and settings errors failing closed. Each costs a check unless it applies.
 * Recording (trace, spans) wraps this in createEngine, which decides once whether there is any.
 */
export function fireEvent(
  context: EngineContext,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  // A Bash `if` rule that must split a compound command loads the parser once, on first need.
  if (selectionNeedsShellParser(context.hookSets.index, event, given))
    return loadShellParser().then(() => fireEvent(context, event, given, signal));
  const selected = selectHooks(context.hookSets.index, event, given);
  const fired =
    selected === NO_HOOKS && !context.state.mayHavePending(sessionOf(given, context.defaults.sessionId))
      ? emptyOutcome(event)
      : // runSelected is async: a bad payload it finds becomes a rejection, never a synchronous throw.
        runSelected(context, event, given, selected, signal);
  return afterEffects(context, event, given, fired);
}

/** Steps 2 to 4: plan, run and read, merge. The payload is filled in and serialised once. */
async function runSelected(
  context: EngineContext,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
  selected: readonly SelectedHook[],
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  const startedAt = performance.now();
  const { options, state } = context;
  const payload = fillPayload(event, given, context.defaults);
  const sessionId = sessionOf(payload, context.defaults.sessionId);
  // The events whose hooks get CLAUDE_ENV_FILE are a fact of the catalogue row.
  const grant =
    specOf(event).envFile && context.envFiles.offered ? context.envFiles.grant(sessionId) : undefined;
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
  // What the session state could not do (a store that did not answer): the event fails closed below.
  const faults: string[] = [];
  const plan = planFiring(selected, await claimOnceHooks(selected, state, sessionId, faults), sessionId);
  const finished = await runFiring(firing, selected, plan);

  const entries = mergeEntries(selected, finished);
  // One push per entry: spreading an array of unbounded length into arguments overflows the stack.
  if (state.mayHavePending(sessionId))
    for (const entry of deliveredEntries(await takePending(state, sessionId, faults), entries.length))
      entries.push(entry);
  const unknown = unknownEventWarning(event);
  const outcome = mergeOutcome({
    event,
    entries,
    durationMs: performance.now() - startedAt,
    ...(unknown === undefined ? {} : { warnings: [unknown] }),
  });
  const counted = await capStopBlocks(outcome, payload, sessionId, state, options.stopBlockCap, faults);
  const capped = faults.length === 0 ? counted : failClosedOnStateFault(counted, faults);
  // Read once the awaited hooks are done; engine.sessionEnvironment() reads again for background ones.
  return grant === undefined
    ? capped
    : withSessionEnvironment(capped, grant, context.envFiles.read(sessionId));
}

/** The session's waiting background results; none, and a fault, when the state cannot give them. */
async function takePending(
  state: SessionStateBackend,
  sessionId: string,
  faults: string[],
): Promise<readonly Delivery[]> {
  try {
    return await state.takePending(sessionId);
  } catch (error) {
    faults.push(stateFaultMessage(error));
    return [];
  }
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

/** Step 5, in this order; each is a `then` on the firing only where it applies. */
function afterEffects(
  context: EngineContext,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
  fired: Promise<Outcome>,
): Promise<Outcome> {
  const watched = context.watchers.size > 0 ? updateWatchers(context, fired, event, given) : fired;
  const ended =
    context.envFiles.active && specOf(event).endsSession ? endSession(context, watched, given) : watched;
  const kept = context.state.keepsSessions ? keepSessionState(context, ended, event, given) : ended;
  const gate = context.untrustedGate;
  const gated = gate === undefined ? kept : kept.then((outcome) => gate(outcome, given));
  if (context.configErrors.length === 0) return gated;
  const errors = configErrorsFor(event, context.configErrors);
  return errors.length === 0
    ? gated
    : gated.then((outcome) => failClosed(outcome, errors, context.options.cwd));
}

/**
 * The session's watchers take the watch list of an event whose hooks may return `watchPaths`, and stop
 * after the session's end event.
 */
function updateWatchers(
  context: EngineContext,
  fired: Promise<Outcome>,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
): Promise<Outcome> {
  const spec = specOf(event);
  if (!spec.specificOutput.includes('watchPaths') && !spec.endsSession) return fired;
  const { watchers } = context;
  const target = sessionOf(given, context.defaults.sessionId);
  return fired.then((outcome) => {
    for (const sessionWatcher of watchers) {
      if (sessionWatcher.sessionId !== target) continue;
      if (spec.endsSession) {
        sessionWatcher.watcher.close();
        watchers.delete(sessionWatcher);
        continue;
      }
      const cwd = typeof given.cwd === 'string' ? given.cwd : sessionWatcher.cwd;
      const paths = watchPathsOf(outcome, cwd);
      if (paths !== undefined) sessionWatcher.watcher.setPaths(paths);
    }
    return outcome;
  });
}

/** After the session's end event, its environment file goes (its hooks never get it). */
function endSession(
  context: EngineContext,
  fired: Promise<Outcome>,
  given: Readonly<Record<string, unknown>>,
): Promise<Outcome> {
  return fired.then((outcome) => {
    const warning = context.envFiles.remove(sessionOf(given, context.defaults.sessionId));
    return warning === undefined ? outcome : { ...outcome, warnings: [...outcome.warnings, warning] };
  });
}

/**
 * With a state that keeps sessions (files, a shared store): after the session's end event what it kept
 * goes; a session's start or end also removes what abandoned sessions left. Neither is the event's
 * failure: what is not removed now expires.
 */
function keepSessionState(
  context: EngineContext,
  fired: Promise<Outcome>,
  event: AnyEventName,
  given: Readonly<Record<string, unknown>>,
): Promise<Outcome> {
  const { state } = context;
  const ends = specOf(event).endsSession === true;
  if (!ends && specOf(event).startsSession !== true) return fired;
  return fired.then(async (outcome) => {
    try {
      if (ends) await state.forget(sessionOf(given, context.defaults.sessionId));
      await state.sweep();
    } catch {
      // See above.
    }
    return outcome;
  });
}
