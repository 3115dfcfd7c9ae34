import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/events/event-spec.js';
import { DEEPAGENTS_DECISIONS } from '../../src/hosts/deepagents/reduce-hook-results.js';
import { CLAUDE_CODE_DECISIONS, strongestDecision } from '../../src/merge/decision-policy.js';

/*
 * The shared decision rule under each family's policy, exhaustively over every sequence of up to four hooks
 * (each deciding one of the family's decisions or nothing), against the rule each family's reducer wrote out
 * by hand before the seam: Claude Code's merge (the first of the highest rank; every hook that gave it
 * speaks) and Deep Agents' reducer (a later proposal replaces the kept one only when it ranks strictly higher).
 */
function sequences<T>(values: readonly T[], length: number): T[][] {
  if (length === 0) return [[]];
  return sequences(values, length - 1).flatMap((shorter) => values.map((value) => [...shorter, value]));
}
function upTo<T>(values: readonly T[], most: number): T[][] {
  return Array.from({ length: most + 1 }, (_, length) => sequences(values, length)).flat();
}

interface Hook<D> {
  readonly index: number;
  readonly decision: D | undefined;
}
const hooks = <D>(decisions: readonly (D | undefined)[]): Hook<D>[] =>
  decisions.map((decision, index) => ({ index, decision }));

describe('strongestDecision', () => {
  it("Claude Code's policy: the first of the highest rank, every hook that gave it a winner", () => {
    const values: (Decision | undefined)[] = ['allow', 'ask', 'defer', 'deny', 'block', undefined];
    for (const decisions of upTo(values, 4)) {
      const given = hooks(decisions);
      let expected: Decision | null = null;
      for (const { decision } of given)
        if (
          decision &&
          (expected === null || CLAUDE_CODE_DECISIONS.rank[decision] > CLAUDE_CODE_DECISIONS.rank[expected])
        )
          expected = decision;
      const result = strongestDecision(given, CLAUDE_CODE_DECISIONS, (hook) => hook.decision);
      expect(result).toEqual({
        decision: expected,
        winners: given.filter((hook) => expected !== null && hook.decision === expected),
      });
    }
  });

  it("Deep Agents' policy: the first hook to give the highest rank alone", () => {
    const rank = { none: 0, allow: 1, ask: 2, deny: 3 } as const;
    const values = ['allow', 'ask', 'deny', undefined] as const;
    for (const decisions of upTo(values, 4)) {
      const given = hooks(decisions);
      let kept: Hook<string> | undefined;
      for (const hook of given)
        if (hook.decision && rank[hook.decision] > rank[(kept?.decision ?? 'none') as keyof typeof rank])
          kept = hook;
      const result = strongestDecision(given, DEEPAGENTS_DECISIONS, (hook) => hook.decision);
      expect(result.winners).toEqual(kept === undefined ? [] : [kept]);
    }
  });

  it('a negative control: equal ranks under a policy that ranks ask above deny pick ask', () => {
    const swapped = { ...DEEPAGENTS_DECISIONS, rank: { allow: 1, ask: 3, deny: 2 } };
    const given = hooks(['deny', 'ask'] as const);
    expect(strongestDecision(given, swapped, (hook) => hook.decision).decision).toBe('ask');
    expect(strongestDecision(given, DEEPAGENTS_DECISIONS, (hook) => hook.decision).decision).toBe('deny');
  });
});
