import { specOf } from '../../events/lookup.js';
import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import { type HostAnswer, toHostAnswer } from '../../protocol/to-host-answer.js';
import { toCopilotArgs } from './copilot-tool-names.js';

/*
 * GitHub Copilot CLI reads a camelCase hook's answer in its own shapes (observed in 1.0.102,
 * docs/hosts/copilot.md): top-level `permissionDecision` (allow, deny, ask), `permissionDecisionReason`,
 * `modifiedArgs` and `additionalContext` on preToolUse; `decision: "block"` with `reason` on
 * userPromptSubmitted, postToolUse, agentStop and subagentStop; `behavior` and `message` on
 * permissionRequest; `additionalContext` elsewhere. Claude Code's `hookSpecificOutput` is not read at all
 * (a deny in it lets the call run), and exit 2 blocks only preToolUse and permissionRequest: on the other
 * events it is a warning. So every block is answered in Copilot's JSON, except a preToolUse or
 * permissionRequest block the hooks said by exit 2, which is answered by exit 2 (Copilot words it the same).
 */

/** What Copilot cannot be told, said on stderr and in the reason of the deny that stands in for it. */
const STOP_NOTE =
  'hookwire: a hook asked to stop the agent, which a Copilot preToolUse hook cannot; the call is denied';

/** The answer to Copilot for one of its camelCase events, so that it does what the merged outcome says. */
export function toCopilotAnswer(outcome: Outcome): HostAnswer {
  const claude = toHostAnswer(outcome);
  const spec = specOf(outcome.event);
  if (spec.notificationOnly) return claude;
  const json: Record<string, unknown> = {};
  let stderr = failureLines(claude);
  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  const byExitCode = blocked && blockMessage(outcome).form === 'exit-code';
  const reason = outcome.reason?.trim() ? outcome.reason : 'Blocked by a hook';

  if (outcome.event === 'PreToolUse') {
    if (blocked && byExitCode) return { stdout: '', stderr: claude.stderr, exitCode: 2 };
    if (blocked) {
      json.permissionDecision = 'deny';
      json.permissionDecisionReason = reason;
    } else if (outcome.decision === 'ask') {
      json.permissionDecision = 'ask';
      if (outcome.reason !== null) json.permissionDecisionReason = outcome.reason;
    } else if (!outcome.continue) {
      const why = outcome.stopReason?.trim() ? `${outcome.stopReason} (${STOP_NOTE})` : STOP_NOTE;
      json.permissionDecision = 'deny';
      json.permissionDecisionReason = why;
      stderr = `hookwire: ${why}\n${stderr}`;
    } else {
      if (outcome.decision === 'allow') json.permissionDecision = 'allow';
      if (outcome.updatedInput !== null) json.modifiedArgs = toCopilotArgs(outcome.updatedInput);
    }
  } else if (outcome.event === 'PermissionRequest') {
    {
      const decision = outcome.hookSpecificOutput.decision as Record<string, unknown> | undefined;
      if (blocked && byExitCode) return { stdout: '', stderr: claude.stderr, exitCode: 2 };
      if (decision !== undefined && typeof decision.behavior === 'string') {
        json.behavior = decision.behavior;
        if (typeof decision.message === 'string') json.message = decision.message;
        if (decision.updatedInput !== undefined || decision.updatedPermissions !== undefined) {
          stderr = `hookwire: a hook allowed with a changed input or permissions, which Copilot's permissionRequest cannot take; only the allow is answered\n${stderr}`;
        }
      } else if (blocked) {
        json.behavior = 'deny';
        json.message = reason;
      }
    }
  } else if (outcome.event === 'PostToolUse') {
    {
      const output = outcome.hookSpecificOutput.updatedToolOutput;
      if (output !== undefined) {
        json.modifiedResult = {
          resultType: 'success',
          textResultForLlm: typeof output === 'string' ? output : JSON.stringify(output),
        };
      }
      if (blocked) {
        json.decision = 'block';
        json.reason = byExitCode ? claude.stderr.trim() || reason : reason;
      }
    }
  } else if (blocked) {
    // userPromptSubmitted, agentStop, subagentStop: Copilot enforces a block only in its JSON; exit 2 would
    // be a warning.
    json.decision = 'block';
    json.reason = byExitCode ? claude.stderr.trim() || reason : reason;
  }
  if (outcome.additionalContext.length > 0) json.additionalContext = outcome.additionalContext.join('\n');
  if (outcome.suppressOutput) json.suppressOutput = true;
  if (outcome.systemMessages.length > 0) stderr = `${outcome.systemMessages.join('\n')}\n${stderr}`;
  const stdout = Object.keys(json).length > 0 ? `${JSON.stringify(json)}\n` : '';
  return failureShown(outcome, { stdout, stderr, exitCode: 0 });
}

/** The lines toHostAnswer writes on stderr beside the answer: the hooks' failures, never a block's text. */
function failureLines(claude: HostAnswer): string {
  return claude.exitCode === 2 ? '' : claude.stderr;
}

/*
 * Copilot fails a preToolUse closed when its hook crashes (exits other than 0 or 2: "Denied by preToolUse
 * hook ... (hook errored)"), and lets the call run when it times out. When a hook crashed and nothing else
 * is to be said, hookwire exits 1 too, so a crashed guard keeps the call from running as it would natively.
 */
function failureShown(outcome: Outcome, answer: HostAnswer): HostAnswer {
  if (outcome.event !== 'PreToolUse' || answer.stdout !== '') return answer;
  const crashed = outcome.runs.some((run) => run.status === 'non_blocking_error');
  return crashed ? { ...answer, exitCode: 1 } : answer;
}
