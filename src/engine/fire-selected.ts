import type { EventName } from '../events/event-names.js';
import { fillPayload } from '../events/fill-payload.js';
import { type MergeEntry, mergeOutcome } from '../merge/merge-outcome.js';
import type { Outcome } from '../outcome/outcome.js';
import { NO_EFFECTS } from '../read/hook-verdict.js';
import type { RunRequest } from '../run/handler-execution.js';
import type { SelectedHook } from '../select/select-hooks.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { PROJECT_DIR_VARIABLE } from '../settings/settings-locations.js';
import { capStopBlocks } from './cap-stop-blocks.js';
import { deliveredEntries } from './delivered-entries.js';
import { type EngineContext, sessionOf } from './engine-context.js';
import { type ExecutedHook, executeHook } from './execute-hook.js';
import { isBackground, notRunHookRun } from './to-hook-run.js';

/**
 * Runs the selected hooks of one firing and merges what they said. Every hook runs at once, across
 * definitions, except that the hooks of a `sequential` definition run one after another (each sees the tool
 * input as the one before rewrote it; a deny or block skips the rest of the definition), and background
 * hooks are started without being awaited. The payload is serialised once.
 */
export async function fireSelected(
  context: EngineContext,
  event: EventName,
  given: Readonly<Record<string, unknown>>,
  selected: readonly SelectedHook[],
): Promise<Outcome> {
  const startedAt = performance.now();
  const { options, state } = context;
  const payload = fillPayload(event, given, context.defaults);
  const sessionId = sessionOf(payload, context.defaults.sessionId);
  const firing: Firing = {
    context,
    event,
    payload,
    payloadJson: JSON.stringify(payload),
    environment: environmentOf(context, sessionId),
    cwd: typeof payload.cwd === 'string' ? payload.cwd : options.cwd,
  };

  // Finished entries, or the promise of one; Promise.all below reads both in configuration order.
  const results: Array<ExecutedHook | Promise<ExecutedHook>> = new Array(selected.length);
  let chains: Map<string, number[]> | undefined;
  let awaited = 0;
  for (let index = 0; index < selected.length; index++) {
    const { indexed, duplicateOf } = selected[index] as SelectedHook;
    const hook = indexed.hook;
    if (duplicateOf !== null) {
      const first = selected[duplicateOf]?.indexed.hook.label ?? '';
      results[index] = skipped(
        index,
        hook,
        'deduplicated',
        `same hook as #${duplicateOf} (${first}); it ran once`,
      );
    } else if (
      hook.handler.once === true &&
      !state.claimOnce(
        sessionId,
        `${hook.event}\u0000${hook.provenance.file}\u0000${hook.provenance.jsonPath}`,
      )
    ) {
      results[index] = skipped(index, hook, 'skipped', 'once: already ran in this session');
    } else if (isBackground(hook)) {
      context.track(runInBackground(context, event, sessionId, execute(firing, index, hook), hook));
      results[index] = skipped(index, hook, 'running', null);
    } else if (hook.sequential) {
      chains ??= new Map();
      const chain = chains.get(hook.definitionId);
      if (chain) chain.push(index);
      else chains.set(hook.definitionId, [index]);
    } else {
      results[index] = execute(firing, index, hook);
      awaited += 1;
    }
  }
  if (chains !== undefined) {
    const runs = [...chains.values()].map((chain) => runChain(firing, selected, chain, results));
    // The other hooks are awaited beside the chains, so that no rejection is left without a handler.
    await context.track(Promise.all([Promise.all(runs), Promise.all(results)]));
  }
  // One tracked promise for the firing's hooks, rather than one per hook: close() waits for them alike.
  const finished = await (awaited > 0 ? context.track(Promise.all(results)) : Promise.all(results));

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
  if (state.hasPendingFor(sessionId))
    entries.push(...deliveredEntries(state.takePending(sessionId), entries.length));
  const outcome = mergeOutcome({ event, entries, durationMs: performance.now() - startedAt });
  return capStopBlocks(outcome, payload, sessionId, state, options.stopBlockCap);
}

/** The last engine environment built for each engine, and its session. */
const lastEnvironment = new WeakMap<
  EngineContext,
  { readonly sessionId: string; readonly environment: Readonly<Record<string, string>> }
>();

/**
 * The variables the engine adds for command hooks, as one object per engine and session. Keeping the object
 * is what makes hooks cheap: the command runner layers process.env under it once per object, and copying
 * process.env costs more than everything else the engine does per hook. So hooks see the host's process.env
 * as it was when the session's first command hook ran (docs/processes.md).
 */
function environmentOf(context: EngineContext, sessionId: string): Readonly<Record<string, string>> {
  const last = lastEnvironment.get(context);
  if (last !== undefined && last.sessionId === sessionId) return last.environment;
  const { options } = context;
  const environment = {
    [PROJECT_DIR_VARIABLE]: options.projectDir,
    CLAUDECODE: '1',
    CLAUDE_CODE_SESSION_ID: sessionId,
    ...options.env,
  };
  lastEnvironment.set(context, { sessionId, environment });
  return environment;
}

/** What every hook of one firing shares. */
interface Firing {
  readonly context: EngineContext;
  readonly event: EventName;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly payloadJson: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly cwd: string;
}

function execute(
  firing: Firing,
  index: number,
  hook: ConfiguredHook,
  payload = firing.payload,
  payloadJson = firing.payloadJson,
): Promise<ExecutedHook> {
  const { context } = firing;
  const { options } = context;
  const request: RunRequest = {
    hook,
    payload,
    payloadJson,
    cwd: firing.cwd,
    projectDir: options.projectDir,
    environment: firing.environment,
    timeoutMs: hook.timeoutSeconds * 1000,
    signal: context.signal,
    outputCapBytes: options.outputCapBytes,
    spawner: options.spawner,
    scrubSecrets: options.scrubSecrets,
    policy: context.policy,
    model: options.model,
  };
  return executeHook(firing.event, index, request, options);
}

/**
 * The hooks of one `sequential` definition, one after another: each sees the tool input as the one before
 * rewrote it, and a deny or block skips the rest.
 */
async function runChain(
  firing: Firing,
  selected: readonly SelectedHook[],
  chain: readonly number[],
  results: Array<ExecutedHook | Promise<ExecutedHook>>,
): Promise<void> {
  let body = firing.payload;
  let json = firing.payloadJson;
  let stoppedBy: number | null = null;
  for (const index of chain) {
    const hook = (selected[index] as SelectedHook).indexed.hook;
    if (stoppedBy !== null) {
      results[index] = skipped(
        index,
        hook,
        'skipped',
        `#${stoppedBy} blocked; the rest of its sequential definition did not run`,
      );
      continue;
    }
    const executed = await execute(firing, index, hook, body, json);
    results[index] = executed;
    const { decision, updatedInput } = executed.effects;
    if (decision === 'deny' || decision === 'block') stoppedBy = index;
    else if (updatedInput && 'tool_input' in body) {
      body = { ...body, tool_input: updatedInput };
      json = JSON.stringify(body);
    }
  }
}

function skipped(
  index: number,
  hook: ConfiguredHook,
  status: 'deduplicated' | 'skipped' | 'running',
  why: string | null,
): ExecutedHook {
  return { run: notRunHookRun(index, hook, status, why), effects: NO_EFFECTS };
}

/**
 * Waits for a background hook and queues what may come back on the session's next firing: its
 * additionalContext and systemMessage (its decision fields have no effect), or, for `asyncRewake`, an exit 2
 * turned into context for the model (Claude Code wakes the agent with stderr as a reminder).
 */
async function runInBackground(
  context: EngineContext,
  event: EventName,
  sessionId: string,
  running: Promise<ExecutedHook>,
  hook: ConfiguredHook,
): Promise<void> {
  const { run, effects } = await running;
  if (run.status === 'cancelled') return;
  const rewake = hook.handler.type === 'command' && hook.handler.asyncRewake === true && run.exitCode === 2;
  const additionalContext = rewake
    ? (run.error ?? `[${run.command}]: No stderr output`)
    : effects.additionalContext;
  const systemMessage = effects.systemMessage;
  if (additionalContext === undefined && systemMessage === undefined) return;
  context.state.queue(sessionId, {
    run,
    event,
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
  });
}
