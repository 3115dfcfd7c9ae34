import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import { jsonAnswer } from '../../protocol/json-answer.js';
import { type HostAnswer, toHostAnswer } from '../../protocol/to-host-answer.js';

/*
 * Codex reads Claude Code's hook output, but validates it strictly, and what it refuses it does not
 * enforce: observed in Codex 0.171 (docs/hosts/codex.md), a PreToolUse hook that answers `ask`,
 * `continue: false`, or a `deny` without a reason is marked "Failed" and **the tool runs**. A bare
 * `permissionDecision: "allow"` fails the same way (harmlessly), and so do `stopReason` and
 * `suppressOutput`. So on PreToolUse every outcome that must keep the tool from running is answered as the
 * one form Codex enforces, a deny with a reason, and the reason says what could not be said.
 */

/** What Codex cannot express, said in the reason of the deny that stands in for it. */
const ASK_NOTE = 'hookwire: a hook asked for confirmation, which Codex hooks cannot ask; the call is denied';
const STOP_NOTE =
  'hookwire: a hook asked to stop the agent, which a Codex PreToolUse hook cannot; the call is denied';

/** The answer to Codex for one event, so that Codex does what the merged outcome says. */
export function toCodexAnswer(outcome: Outcome): HostAnswer {
  const answer =
    outcome.event === 'PreToolUse'
      ? preToolUseAnswer(outcome)
      : outcome.event === 'PermissionRequest'
        ? permissionRequestAnswer(outcome)
        : toHostAnswer(outcome);
  return failureShown(outcome, answer);
}

/*
 * Codex marks a hook that exits 1 "Failed" where the user sees it, and goes on as if it had said nothing.
 * When hooks failed and there is nothing else to answer, hookwire exits 1 too, so a crashed or timed-out
 * guard shows as it would natively instead of as "Completed" (compat/codex C07, C08).
 */
function failureShown(outcome: Outcome, answer: HostAnswer): HostAnswer {
  const failed = outcome.runs.some((run) => run.status === 'non_blocking_error' || run.status === 'timeout');
  return failed && answer.exitCode === 0 && answer.stdout === '' ? { ...answer, exitCode: 1 } : answer;
}

function preToolUseAnswer(outcome: Outcome): HostAnswer {
  const claude = toHostAnswer(outcome);
  const refusal = refusalOf(outcome);
  if (refusal === null) {
    // Allowing (or saying nothing): only what Codex accepts is kept. `allow` is written only with the
    // input it rewrites, since Codex fails a bare allow.
    const specific: Record<string, unknown> = {};
    if (outcome.decision === 'allow' && outcome.updatedInput !== null) {
      specific.permissionDecision = 'allow';
      specific.updatedInput = outcome.updatedInput;
    }
    return codexJson(outcome, specific, claude.stderr, 0);
  }
  if (refusal.kind === 'block' && claude.exitCode === 2 && blockMessage(outcome).form === 'exit-code') {
    // Exit 2 with the hook's own stderr: Codex words it exactly as for the hook configured directly.
    return { stdout: '', stderr: claude.stderr, exitCode: 2 };
  }
  const specific = { permissionDecision: 'deny', permissionDecisionReason: refusal.reason };
  const stderr = refusal.kind === 'block' ? claude.stderr : `hookwire: ${refusal.reason}\n${claude.stderr}`;
  return codexJson(outcome, specific, stderr, 0);
}

type Refusal = { readonly kind: 'block' | 'ask' | 'stop'; readonly reason: string };

/** Why the tool must not run, with a reason that is never empty (Codex fails a deny without one). */
function refusalOf(outcome: Outcome): Refusal | null {
  const reason = outcome.reason?.trim() ? outcome.reason : null;
  if (outcome.decision === 'deny' || outcome.decision === 'block') {
    return { kind: 'block', reason: reason ?? 'Blocked by a hook' };
  }
  if (outcome.decision === 'ask')
    return { kind: 'ask', reason: reason ? `${reason} (${ASK_NOTE})` : ASK_NOTE };
  if (!outcome.continue) {
    const why = outcome.stopReason?.trim() ? outcome.stopReason : null;
    return { kind: 'stop', reason: why ? `${why} (${STOP_NOTE})` : STOP_NOTE };
  }
  return null;
}

/** PreToolUse JSON with only the fields Codex accepts: no `continue`, `stopReason` or `suppressOutput`. */
function codexJson(
  outcome: Outcome,
  specific: Record<string, unknown>,
  stderr: string,
  exitCode: number,
): HostAnswer {
  const fields: Record<string, unknown> = { ...specific };
  if (outcome.additionalContext.length > 0) fields.additionalContext = outcome.additionalContext.join('\n');
  const body: Record<string, unknown> = {};
  if (outcome.systemMessages.length > 0) body.systemMessage = outcome.systemMessages.join('\n');
  return jsonAnswer(body, fields, outcome.event, stderr, exitCode);
}

/*
 * Codex refuses `updatedInput`, `updatedPermissions` and `interrupt` in a PermissionRequest decision. An
 * allow that rewrites the input or the permissions cannot be told without changing what is allowed, so it is
 * not answered: Codex asks the user as it would without the hook, and stderr says why. A deny keeps its
 * message and loses only `interrupt`.
 */
function permissionRequestAnswer(outcome: Outcome): HostAnswer {
  const claude = toHostAnswer(outcome);
  if (claude.exitCode !== 0 || claude.stdout === '') return claude;
  const body = JSON.parse(claude.stdout) as { hookSpecificOutput?: { decision?: Record<string, unknown> } };
  const decision = body.hookSpecificOutput?.decision;
  if (decision === undefined) return claude;
  if (decision.behavior === 'allow' && ('updatedInput' in decision || 'updatedPermissions' in decision)) {
    delete body.hookSpecificOutput?.decision;
    const note =
      'hookwire: a hook allowed with a changed input or permissions, which Codex cannot apply; Codex asks as usual\n';
    return answerOf(body, `${note}${claude.stderr}`);
  }
  delete decision.interrupt;
  return answerOf(body, claude.stderr);
}

function answerOf(body: { hookSpecificOutput?: Record<string, unknown> }, stderr: string): HostAnswer {
  const specific = body.hookSpecificOutput;
  if (specific !== undefined && Object.keys(specific).every((key) => key === 'hookEventName')) {
    delete body.hookSpecificOutput;
  }
  const stdout = Object.keys(body).length > 0 ? `${JSON.stringify(body)}\n` : '';
  return { stdout, stderr, exitCode: 0 };
}
