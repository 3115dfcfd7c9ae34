import type { SelectedHook } from '../select/select-hooks.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { isBackground } from './background/is-background.js';
import type { OnceClaims } from './session-state.js';

/**
 * What becomes of one selected hook: `duplicate` (an earlier hook with the same dedupe key runs for it),
 * `once-skipped` (a `once` hook that already ran in the session), `background` (started, not awaited),
 * `parallel` (awaited, beside everything else) or `sequential` (awaited, in its definition's chain).
 */
export type HookFate = 'duplicate' | 'once-skipped' | 'background' | 'parallel' | 'sequential';

/**
 * Hooks started together: a single hook's index (its fate says whether it is `parallel` or `background`),
 * or the indexes of one `sequential` definition's hooks, in configuration order, which run one after another.
 */
export type HookGroup = number | readonly number[];

/** How one firing runs its selected hooks, decided before any of them starts. */
export interface FiringPlan {
  /** The fate of each selected hook, in configuration order. */
  readonly fates: readonly HookFate[];
  /**
   * The groups in the order they start: the single hooks in configuration order, then the sequential chains
   * in the order of their first hooks. Duplicates and once-skipped hooks are in no group.
   */
  readonly groups: readonly HookGroup[];
  /** How many hooks are `parallel`: when none are, the firing awaits only its chains (if any). */
  readonly parallel: number;
}

/** What a `once` hook is claimed under in its session: its event and where it is configured. */
export function onceKeyOf(hook: ConfiguredHook): string {
  return `${hook.event}\u0000${hook.provenance.file}\u0000${hook.provenance.jsonPath}`;
}

/**
 * Plans a firing: marks duplicates, claims `once` hooks for the session (the one effect: a claimed hook
 * counts as run whatever happens next), and groups the rest. Otherwise pure: no hook starts here.
 */
export function planFiring(
  selected: readonly SelectedHook[],
  once: OnceClaims,
  sessionId: string,
): FiringPlan {
  const fates: HookFate[] = new Array(selected.length);
  const groups: HookGroup[] = [];
  let chains: Map<string, number[]> | undefined;
  let parallel = 0;
  for (let index = 0; index < selected.length; index++) {
    const { indexed, duplicateOf } = selected[index] as SelectedHook;
    const hook = indexed.hook;
    if (duplicateOf !== null) {
      fates[index] = 'duplicate';
    } else if (hook.handler.once === true && !once.claimOnce(sessionId, onceKeyOf(hook))) {
      fates[index] = 'once-skipped';
    } else if (isBackground(hook)) {
      fates[index] = 'background';
      groups.push(index);
    } else if (hook.sequential) {
      fates[index] = 'sequential';
      chains ??= new Map();
      const chain = chains.get(hook.definitionId);
      if (chain) chain.push(index);
      else chains.set(hook.definitionId, [index]);
    } else {
      fates[index] = 'parallel';
      groups.push(index);
      parallel += 1;
    }
  }
  if (chains !== undefined) for (const chain of chains.values()) groups.push(chain);
  return { fates, groups, parallel };
}
