import type { AnyEventName } from '../events/event-names.js';
import { specOf } from '../events/lookup.js';
import type { HookRun, Outcome } from '../outcome/outcome.js';
import type { HookEffects } from '../read/hook-verdict.js';
import { CLAUDE_CODE_DECISIONS, strongestDecision } from './decision-policy.js';
import { mergeSpecificOutput } from './merge-specific-output.js';

/** One hook's contribution to the merge: its run entry and what its output means. */
export interface MergeEntry {
  readonly run: HookRun;
  readonly effects: HookEffects;
  /**
   * Hooks in one group rewrite the input in a chain (a `sequential` definition), so several rewrites within
   * a group are expected; rewrites from different groups conflict and earn a warning.
   */
  readonly rewriteGroup: string;
}

export interface MergeInput {
  readonly event: AnyEventName;
  /** In configuration order; `run.index` is what the trace points at. */
  readonly entries: readonly MergeEntry[];
  readonly durationMs: number;
  /** Warnings found before the merge (selection, delivery), kept first. */
  readonly warnings?: readonly string[];
}

/**
 * Merges every hook's effects into one outcome. Pure and deterministic: the result depends on configuration
 * order only, never on which hook finished first.
 * - decision: the strongest by Claude Code's policy (`decision-policy.ts`): deny (or block) > defer > ask >
 *   allow; null when no hook decided;
 * - reason: the reasons of the hooks that gave the winning decision, in configuration order, one per line;
 * - `continue: false` wins, with the first stopReason; system messages and contexts keep configuration order;
 * - several updatedInputs: the last in configuration order wins, with a warning naming the hooks;
 * - event-specific fields: see merge-specific-output.
 * `trace` maps each merged field to the `run.index` of the hooks that produced it.
 */
export function mergeOutcome(input: MergeInput): Outcome {
  const { event, entries } = input;
  const warnings = [...(input.warnings ?? [])];
  const trace: Record<string, number[]> = {};
  const note = (field: string, index: number): void => {
    const list = trace[field];
    if (list) list.push(index);
    else trace[field] = [index];
  };

  const strongest = strongestDecision(entries, CLAUDE_CODE_DECISIONS, (entry) => entry.effects.decision);
  let decision = strongest.decision;
  const winners = new Set(strongest.winners);
  const reasons: string[] = [];
  let keepGoing = true;
  let stopReason: string | null = null;
  const systemMessages: string[] = [];
  const additionalContext: string[] = [];
  let updatedInput: Readonly<Record<string, unknown>> | null = null;
  const rewriters: MergeEntry[] = [];
  let suppressOutput = false;

  for (const entry of entries) {
    const { effects, run } = entry;
    if (winners.has(entry)) {
      note('decision', run.index);
      if (effects.reason !== undefined) {
        reasons.push(effects.reason);
        note('reason', run.index);
      }
    }
    if (effects.continue === false) {
      keepGoing = false;
      note('continue', run.index);
      if (stopReason === null && effects.stopReason !== undefined) {
        stopReason = effects.stopReason;
        note('stopReason', run.index);
      }
    }
    if (effects.systemMessage !== undefined) {
      systemMessages.push(effects.systemMessage);
      note('systemMessages', run.index);
    }
    if (effects.additionalContext !== undefined) {
      additionalContext.push(effects.additionalContext);
      note('additionalContext', run.index);
    }
    if (effects.updatedInput !== undefined) {
      updatedInput = effects.updatedInput;
      rewriters.push(entry);
    }
    if (effects.suppressOutput === true) {
      suppressOutput = true;
      note('suppressOutput', run.index);
    }
  }
  const winner = rewriters.at(-1);
  if (winner) {
    trace.updatedInput = [winner.run.index];
    if (new Set(rewriters.map((entry) => entry.rewriteGroup)).size > 1) {
      const names = rewriters.map((entry) => `#${entry.run.index} ${entry.run.command}`).join(', ');
      warnings.push(
        `several hooks rewrote the input (${names}); the last in configuration order (#${winner.run.index}) wins`,
      );
    }
  }

  const spec = specOf(event);
  const specific = mergeSpecificOutput(spec, entries, decision, reasons, updatedInput);
  for (const warning of specific.warnings) warnings.push(warning);
  Object.assign(trace, specific.trace);
  let reason = reasons.length > 0 ? reasons.join('\n') : null;
  if (spec.answersWorktreePath && decision === null && specific.output.worktreePath === undefined) {
    // The host needs a path from a successful WorktreeCreate; hooks that ran but gave none fail the action.
    const ran = entries.filter((entry) => !entry.run.background && entry.run.status === 'success');
    if (ran.length > 0) {
      decision = 'block';
      reason = `No ${event} hook returned a worktree path`;
      trace.decision = ran.map((entry) => entry.run.index);
    }
  }

  return {
    event,
    decision,
    reason,
    continue: keepGoing,
    stopReason,
    systemMessages,
    additionalContext,
    updatedInput,
    hookSpecificOutput: specific.output,
    suppressOutput,
    warnings,
    durationMs: input.durationMs,
    runs: entries.map((entry) => entry.run),
    trace,
  };
}
