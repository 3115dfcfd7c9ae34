import type { Outcome } from '../../outcome/outcome.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import type { CommandAnswer, IncomingEvent } from '../host.js';
import { toDroidToolInput } from './droid-tool-names.js';

/*
 * Factory Droid reads Claude Code's hook output (0.225.2, docs/hosts/droid.md): exit 2 and a `deny` block a
 * call (the model reads `Error: <reason>`), an `allow` with `updatedInput` rewrites it, context reaches the
 * model as a user message, a Stop `block` continues the turn with the reason. So the answer is Claude
 * Code's, with one translation: a rewritten input goes back under Droid's argument names (`old_string` →
 * `old_str` for Edit), since the hooks saw Claude Code's.
 */

/** The answer to Factory Droid for one event. `incoming` names the tool whose arguments a rewrite goes back under. */
export function toDroidAnswer(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer {
  const claude = toHostAnswer(outcome);
  const tool = incoming?.original.payload.tool_name;
  if (outcome.event !== 'PreToolUse' || outcome.updatedInput === null || typeof tool !== 'string')
    return claude;
  const body: unknown = claude.stdout.trim() === '' ? null : JSON.parse(claude.stdout);
  if (typeof body !== 'object' || body === null) return claude;
  const specific = (body as Record<string, unknown>).hookSpecificOutput;
  if (typeof specific !== 'object' || specific === null || !('updatedInput' in specific)) return claude;
  const translated = {
    ...body,
    hookSpecificOutput: { ...specific, updatedInput: toDroidToolInput(tool, outcome.updatedInput) },
  };
  return { ...claude, stdout: `${JSON.stringify(translated)}\n` };
}
