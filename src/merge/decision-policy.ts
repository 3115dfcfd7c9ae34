import type { Decision } from '../events/event-spec.js';
import { DECISION_RANK } from '../read/effects-of-output.js';

/*
 * The one rule every reducer of hook results follows for the decision: the strongest decision any hook gave
 * wins, whatever order the hooks finished in. What differs between families of hosts is data, this policy:
 * the ranks of their decisions, and which of the hooks that gave the winning decision speak for it.
 */

/** How one family of hosts picks the decision of several hooks. */
export interface DecisionPolicy<D extends string> {
  /** Higher wins; equal ranks (Claude Code's deny and block) go to the first in configuration order. */
  readonly rank: Readonly<Record<D, number>>;
  /**
   * `every`: every hook that gave the winning decision is a winner (their reasons are joined); `first`: the
   * first of them alone (its reason and the rest of its answer).
   */
  readonly winners: 'every' | 'first';
}

/** Claude Code's: deny (or block) > defer > ask > allow, each deciding hook's reason kept. */
export const CLAUDE_CODE_DECISIONS: DecisionPolicy<Decision> = { rank: DECISION_RANK, winners: 'every' };

/** The winning decision (null when no hook decided) and the hooks that speak for it, in configuration order. */
export interface StrongestDecision<D extends string, T> {
  readonly decision: D | null;
  readonly winners: readonly T[];
}

/**
 * Picks the decision of `items` (configuration order) under `policy`; `decisionOf` reads an item's decision
 * (undefined: it decided nothing). Pure.
 */
export function strongestDecision<D extends string, T>(
  items: readonly T[],
  policy: DecisionPolicy<D>,
  decisionOf: (item: T) => D | undefined,
): StrongestDecision<D, T> {
  let decision: D | null = null;
  for (const item of items) {
    const candidate = decisionOf(item);
    if (candidate !== undefined && (decision === null || policy.rank[candidate] > policy.rank[decision]))
      decision = candidate;
  }
  if (decision === null) return { decision, winners: [] };
  const given = items.filter((item) => decisionOf(item) === decision);
  return { decision, winners: policy.winners === 'first' ? given.slice(0, 1) : given };
}
