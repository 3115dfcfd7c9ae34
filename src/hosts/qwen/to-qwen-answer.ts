import type { Outcome } from '../../outcome/outcome.js';
import { type HostAnswer, toHostAnswer } from '../../protocol/to-host-answer.js';

/*
 * Qwen Code reads Claude Code's hook output (0.24.4, docs/hosts/qwen.md): exit 2 and a `deny` block,
 * `ask` asks (in `-p` mode it denies, no one being there to ask), `continue: false` stops, context reaches
 * the model. One thing it does not do: a PreToolUse `updatedInput` is not applied where no confirmation is
 * asked (`--yolo`, an allowed tool), and the call runs **as the model wrote it**. A rewrite is how a hook
 * makes a call safe to run (a `--dry-run` added, a path confined), so running the original instead is not
 * the closest safe answer: the call is denied, and the reason says why.
 */
const REWRITE_NOTE =
  'hookwire: a hook rewrote the input of this call, which Qwen Code does not apply before running it; the call is denied instead of running unchanged';

/** The answer to Qwen Code for one event, so that it does what the merged outcome says. */
export function toQwenAnswer(outcome: Outcome): HostAnswer {
  const claude = toHostAnswer(outcome);
  if (outcome.event !== 'PreToolUse' || outcome.updatedInput === null) return claude;
  if (outcome.decision === 'deny' || outcome.decision === 'ask' || !outcome.continue) return claude;
  const body: Record<string, unknown> = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: REWRITE_NOTE,
      ...(outcome.additionalContext.length > 0
        ? { additionalContext: outcome.additionalContext.join('\n') }
        : {}),
    },
  };
  if (outcome.systemMessages.length > 0) body.systemMessage = outcome.systemMessages.join('\n');
  return { stdout: `${JSON.stringify(body)}\n`, stderr: `${REWRITE_NOTE}\n${claude.stderr}`, exitCode: 0 };
}
