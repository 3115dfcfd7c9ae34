import { specOf } from '../../events/lookup.js';
import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import type { CommandAnswer, IncomingEvent } from '../host.js';
import { GEMINI_EVENTS } from './gemini-events.js';
import { toGeminiToolInput } from './gemini-tool-names.js';

/*
 * Gemini CLI reads a command hook's answer its own way (0.61, docs/hosts/gemini.md): stdout is parsed as
 * JSON, or stderr when stdout is empty; text that is not JSON is a system message for the user on exit 0,
 * `Warning: <text>` on exit 1, and a deny whose reason is the text on any other exit. In the JSON a block is
 * the top-level `decision: "deny"` with `reason`; Claude Code's `hookSpecificOutput.permissionDecision` is
 * not read at all, so answering Claude Code's JSON would let every denied call run.
 */

/** Said to the user (and on stderr) when the hooks decided something Gemini CLI has no way to do. */
const CANNOT = {
  compactBlock:
    'hookwire: a hook blocked the compression, which Gemini CLI hooks cannot stop (PreCompress is advisory); it goes on',
  compactInstructions:
    'hookwire: a hook gave compaction instructions, which Gemini CLI cannot take; they are dropped',
  toolContext:
    'hookwire: a PreToolUse hook added context, which Gemini CLI does not pass to the model before a tool; it is dropped',
  replacedOutput:
    'hookwire: a hook replaced the tool output; Gemini CLI can only hide it, so the model reads "Tool result blocked:" and the new output',
  watchPaths: 'hookwire: a hook asked to watch files, which Gemini CLI cannot; nothing is watched',
} as const;

/**
 * The answer to Gemini CLI for one event, so that it does what the merged outcome says. `incoming` (the event
 * as Gemini sent it) names the tool whose arguments a rewrite goes back under.
 */
export function toGeminiAnswer(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer {
  const spec = specOf(outcome.event);
  const claude = toHostAnswer(outcome);
  const json: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const notes: string[] = [];
  if (!outcome.continue) {
    json.continue = false;
    if (outcome.stopReason !== null) json.stopReason = outcome.stopReason;
  }
  if (outcome.suppressOutput) json.suppressOutput = true;
  const merged = outcome.hookSpecificOutput;

  if (!spec.notificationOnly) {
    const blocked = spec.block !== null && outcome.decision === spec.block.decision;
    if (blocked && outcome.event === 'PreCompact') notes.push(CANNOT.compactBlock);
    else if (blocked) {
      const message = blockMessage(outcome);
      if (
        message.form === 'exit-code' &&
        Object.keys(json).length === 0 &&
        outcome.systemMessages.length === 0
      ) {
        // Exit 2 with the hook's own stderr: Gemini words the block exactly as for the hook itself.
        return { stdout: '', stderr: message.text, exitCode: 2 };
      }
      json.decision = 'deny';
      json.reason =
        message.form === 'exit-code' ? message.text.trim() : (outcome.reason ?? 'Blocked by a hook');
    } else if (outcome.decision === 'ask' && outcome.event === 'PreToolUse') {
      // Gemini asks the user as for a tool its policy does not allow; it shows the system message with it.
      json.decision = 'ask';
      if (outcome.reason !== null && outcome.systemMessages.length === 0) json.systemMessage = outcome.reason;
    }
    if (outcome.updatedInput !== null && outcome.event === 'PreToolUse' && json.decision === undefined) {
      const tool = incoming?.original.payload.tool_name;
      specific.tool_input =
        typeof tool === 'string' ? toGeminiToolInput(tool, outcome.updatedInput) : outcome.updatedInput;
    }
    if (outcome.additionalContext.length > 0) {
      const context = outcome.additionalContext.join('\n');
      if (outcome.event === 'PreCompact') notes.push(CANNOT.compactInstructions);
      else {
        if (outcome.event === 'PreToolUse') notes.push(CANNOT.toolContext);
        specific.additionalContext = context;
      }
    }
    if (merged.updatedToolOutput !== undefined && json.decision === undefined) {
      json.decision = 'deny';
      const output = merged.updatedToolOutput;
      json.reason = typeof output === 'string' ? output : JSON.stringify(output);
      notes.push(CANNOT.replacedOutput);
    }
    if (merged.watchPaths !== undefined) notes.push(CANNOT.watchPaths);
    for (const field of ['llm_request', 'llm_response', 'toolConfig'] as const) {
      if (merged[field] !== undefined) specific[field] = merged[field];
    }
  }

  const messages = [...outcome.systemMessages, ...notes];
  if (messages.length > 0) json.systemMessage = [json.systemMessage, ...messages].filter(Boolean).join('\n');
  if (Object.keys(specific).length > 0) {
    const hookEventName = GEMINI_EVENTS.fromCatalogue(outcome.event) ?? outcome.event;
    json.hookSpecificOutput = { hookEventName, ...specific };
  }
  const stderr = `${notes.map((note) => `${note}\n`).join('')}${claude.exitCode === 0 ? claude.stderr : ''}`;
  if (Object.keys(json).length > 0) return { stdout: `${JSON.stringify(json)}\n`, stderr, exitCode: 0 };
  return failureShown(outcome, stderr);
}

/*
 * With nothing on stdout Gemini reads stderr instead, as plain text: on exit 0 it shows it to the user, on
 * exit 1 as `Warning: <text>`. A hook that failed natively (exit 1, its stderr) is shown that way, so when
 * hooks failed and nothing else is to be said, hookwire exits 1 with what the failed hooks printed.
 */
function failureShown(outcome: Outcome, stderr: string): CommandAnswer {
  const failed = outcome.runs.filter(
    (run) => run.status === 'non_blocking_error' || run.status === 'timeout',
  );
  if (failed.length === 0) return { stdout: '', stderr, exitCode: 0 };
  const printed = failed.map((run) => (run.stdout.trim() || run.stderr.trim() || run.error || '').trim());
  const own = failed.every((run) => run.status === 'non_blocking_error') && printed.every(Boolean);
  return { stdout: '', stderr: own ? `${printed.join('\n')}\n` : stderr, exitCode: 1 };
}
