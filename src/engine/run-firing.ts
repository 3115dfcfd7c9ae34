import { factsOf } from '../events/handler-types.js';
import type { SelectedHook } from '../select/select-hooks.js';
import { backgroundJobOf, runInBackground } from './background/run-in-background.js';
import { type ExecutedHook, executeInFiring, notRunHook } from './execute-hook.js';
import type { Firing } from './firing.js';
import type { FiringPlan } from './plan-firing.js';
import { runChain } from './run-chain.js';

/**
 * Runs a planned firing and resolves to one result per selected hook, in configuration order: the groups
 * start in the plan's order, parallel hooks and chains are awaited together, background hooks are tracked
 * (close() waits for them) but not awaited, or handed over to the `backgroundLauncher` when there is one,
 * and hooks that do not run get their not-run entries.
 */
export async function runFiring(
  firing: Firing,
  selected: readonly SelectedHook[],
  plan: FiringPlan,
): Promise<readonly ExecutedHook[]> {
  const { context } = firing;
  const { fates, groups } = plan;
  // Finished entries, or the promise of one; Promise.all below reads both in configuration order.
  const results: Array<ExecutedHook | Promise<ExecutedHook>> = new Array(selected.length);
  const setAsideAtMs = performance.now() - firing.startedAt;
  for (let index = 0; index < fates.length; index++) {
    const fate = fates[index];
    if (fate === 'parallel' || fate === 'sequential') continue;
    const hook = (selected[index] as SelectedHook).indexed.hook;
    if (fate === 'duplicate') {
      const first = (selected[index] as SelectedHook).duplicateOf as number;
      const label = selected[first]?.indexed.hook.label ?? '';
      results[index] = notRunHook(
        index,
        hook,
        'deduplicated',
        `same hook as #${first} (${label}); it ran once`,
        setAsideAtMs,
      );
    } else if (fate === 'once-skipped') {
      results[index] = notRunHook(index, hook, 'skipped', 'once: already ran in this session', setAsideAtMs);
    } else {
      results[index] = notRunHook(index, hook, 'running', null, setAsideAtMs);
    }
  }

  let chains: Promise<void>[] | undefined;
  for (const group of groups) {
    if (typeof group !== 'number') {
      chains ??= [];
      chains.push(runChain(firing, selected, group, results));
      continue;
    }
    const hook = (selected[group] as SelectedHook).indexed.hook;
    if (fates[group] === 'background') {
      const launcher = context.options.backgroundLauncher;
      if (launcher !== undefined && factsOf(hook.type).background.detached) {
        launcher(backgroundJobOf(firing, group, hook));
      } else {
        context.track(runInBackground(firing, executeInFiring(inBackground(firing), group, hook), hook));
      }
    } else {
      results[group] = executeInFiring(firing, group, hook);
    }
  }
  if (chains !== undefined) {
    // The other hooks are awaited beside the chains, so that no rejection is left without a handler.
    await context.track(Promise.all([Promise.all(chains), Promise.all(results)]));
  }
  // One tracked promise for the firing's hooks, rather than one per hook: close() waits for them alike.
  return plan.parallel > 0 ? context.track(Promise.all(results)) : Promise.all(results);
}

/*
 * A background hook is not tied to the firing that started it: a firing's own signal (fire's `signal`)
 * never reaches it, only the engine's close and its own timeout do.
 */
function inBackground(firing: Firing): Firing {
  const { signal } = firing.context;
  return firing.settings.signal === signal ? firing : { ...firing, settings: { ...firing.settings, signal } };
}
