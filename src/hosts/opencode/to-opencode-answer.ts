import { specOf } from '../../events/lookup.js';
import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import type { CommandAnswer, IncomingEvent } from '../host.js';
import { toOpenCodeArgs } from './opencode-tool-names.js';

/**
 * What hookwire's OpenCode plugin (`hookwire init opencode`, src/hosts/opencode/opencode-plugin-source.ts)
 * reads from `hookwire run --host opencode`: one JSON object on stdout, exit 0. Each field is something the
 * plugin can do in OpenCode (docs/hosts/opencode.md):
 * - `block`: the reason. `tool.execute.before` and `chat.message` throw it (the call is not run, the model
 *   reads the error; the prompt is refused); `session.idle` sends it as the next prompt (Stop continues,
 *   where OpenCode still runs); `tool.execute.after` appends it to the tool's output (the tool ran).
 * - `args`: the rewritten arguments under OpenCode's keys, put in place of `output.args`.
 * - `context`: text for the model, appended to a tool's output or added as a part of the prompt.
 * - `systemMessage`: for the user, written on the plugin's stderr (OpenCode's terminal).
 * Anything else (exit 2 with the reason on stderr: hookwire's own failure) is a block on the events that
 * can block, so a hookwire that cannot answer keeps the call from running.
 */
export interface OpenCodeAnswer {
  readonly block?: string;
  readonly args?: Record<string, unknown>;
  readonly context?: string;
  readonly systemMessage?: string;
}

/** A hook's `ask`, which an OpenCode plugin cannot put to the user: denied, with this note. */
export const ASK_NOTE =
  'a hook asked to confirm this call, which an OpenCode plugin cannot ask; hookwire denies it';
/** A hook's `continue: false`, which an OpenCode plugin can only say by refusing the call or prompt. */
export const STOP_NOTE = 'a hook asked to stop the agent; hookwire refuses this call';

/** The answer to hookwire's OpenCode plugin for one event, so that it does what the merged outcome says. */
export function toOpenCodeAnswer(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer {
  const claude = toHostAnswer(outcome);
  const spec = specOf(outcome.event);
  // The hooks' non-blocking failures, listed as toHostAnswer lists them; never a block's own text.
  const failures = claude.exitCode === 2 ? '' : claude.stderr;
  if (spec.notificationOnly) return { stdout: '', stderr: claude.stderr, exitCode: 0 };
  const answer: {
    block?: string;
    args?: Record<string, unknown>;
    context?: string;
    systemMessage?: string;
  } = {};
  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  if (blocked) {
    const message = blockMessage(outcome);
    answer.block =
      message.form === 'exit-code' ? message.text.trim() : outcome.reason?.trim() || 'Blocked by a hook';
  } else if (outcome.event === 'PreToolUse' && outcome.decision === 'ask') {
    answer.block = outcome.reason?.trim() ? `${outcome.reason} (${ASK_NOTE})` : ASK_NOTE;
  } else if (!outcome.continue && (outcome.event === 'PreToolUse' || outcome.event === 'UserPromptSubmit')) {
    answer.block = outcome.stopReason?.trim() ? `${outcome.stopReason} (${STOP_NOTE})` : STOP_NOTE;
  }
  const tool = incoming?.original.payload.tool;
  if (answer.block === undefined && outcome.event === 'PreToolUse' && outcome.updatedInput !== null) {
    answer.args =
      typeof tool === 'string' ? toOpenCodeArgs(tool, outcome.updatedInput) : outcome.updatedInput;
  }
  if (outcome.additionalContext.length > 0) answer.context = outcome.additionalContext.join('\n');
  const messages = [...outcome.systemMessages];
  if (!outcome.continue && outcome.stopReason !== null) messages.push(outcome.stopReason);
  if (messages.length > 0) answer.systemMessage = messages.join('\n');
  const stdout = Object.keys(answer).length > 0 ? `${JSON.stringify(answer)}\n` : '';
  return { stdout, stderr: failures, exitCode: 0 };
}
