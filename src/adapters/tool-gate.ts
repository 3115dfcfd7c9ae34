import type { Outcome } from '../outcome/outcome.js';

/** A tool call as a framework reports it, with the name hooks see. */
export interface ToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
  /** The framework's call id; becomes the payload's `tool_use_id`. */
  readonly id: string;
}

/** What an adapter does with a tool call after PreToolUse: run it (with this input) or refuse it. */
export type ToolGate =
  | {
      readonly action: 'run';
      readonly input: Record<string, unknown>;
      /** PreToolUse `additionalContext`, for the model's next call. */
      readonly context: readonly string[];
    }
  | { readonly action: 'refuse'; readonly reason: string };

/** What an `ask` (or `defer`) decision hands to the builder's approver. */
export interface ApprovalRequest {
  /** The name hooks saw (after the name map). */
  readonly toolName: string;
  /** The input the tool would run with (a hook's `updatedInput` already applied). */
  readonly toolInput: Record<string, unknown>;
  readonly toolUseId: string;
  /** The hook's `permissionDecisionReason`, when it gave one. */
  readonly reason: string | null;
}

/** How a PreToolUse outcome reads before any approver is asked. */
export type PreToolVerdict =
  | { readonly kind: 'refuse'; readonly reason: string }
  | { readonly kind: 'ask'; readonly input: Record<string, unknown>; readonly reason: string | null }
  | { readonly kind: 'run'; readonly input: Record<string, unknown> };

/**
 * Reads a PreToolUse outcome: `deny` refuses with the reason; `ask` and `defer` need the builder's approval
 * (an adapter has no permission prompt of its own, so defer is handled as ask); `allow` or no decision runs
 * the tool. `continue: false` refuses too: an adapter cannot stop the framework's loop from inside a tool
 * call, and refusing keeps the tool from running. `updatedInput` replaces the whole input, as in Claude Code.
 */
export function readPreToolOutcome(outcome: Outcome, toolName: string, input: Record<string, unknown>) {
  const nextInput = (outcome.updatedInput as Record<string, unknown> | null) ?? input;
  if (!outcome.continue) {
    return {
      kind: 'refuse',
      reason:
        outcome.stopReason ?? outcome.reason ?? `a PreToolUse hook stopped the agent before ${toolName}`,
    } satisfies PreToolVerdict;
  }
  switch (outcome.decision) {
    case 'deny':
    case 'block':
      return {
        kind: 'refuse',
        reason: outcome.reason ?? `a PreToolUse hook denied ${toolName}`,
      } satisfies PreToolVerdict;
    case 'ask':
    case 'defer':
      return { kind: 'ask', input: nextInput, reason: outcome.reason } satisfies PreToolVerdict;
    case 'allow':
    case null:
      return { kind: 'run', input: nextInput } satisfies PreToolVerdict;
  }
}
