import { specOf } from '../../events/lookup.js';
import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import type { HostAnswer } from '../../protocol/host-answer.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import type { IncomingEvent } from '../host.js';
import { clineEventOf, isClineEvent } from './cline-events.js';
import { readFilesOf, toClineToolInput } from './cline-tool-names.js';

/*
 * Cline reads one JSON object on a hook's stdout and nothing else (3.0.65, docs/hosts/cline.md): its exit
 * code and stderr are ignored, and only PreToolUse and PostToolUse are waited for; every other hook file runs
 * detached. The fields it reads:
 * - `cancel: true` ends the whole task (the run is aborted, Cline exits 0, the model is not asked again);
 *   there is no deny of one call. `errorMessage` goes with it, read by no one in a headless run.
 * - `contextModification` (or `context`): text the model reads after the tool's result, as a user message.
 * - `overrideInput` (PreToolUse): the call's whole input, in Cline's own argument names.
 * So a deny, an `ask` and a `continue: false` on PreToolUse answer `cancel` (a deny must stop the tool, and
 * cancel is the only answer that does); a PostToolUse block (which Claude Code sends to the model) is context.
 */

/** A hook's `ask`, which Cline cannot put to the user from a hook file: the task is cancelled instead. */
export const ASK_NOTE =
  'a hook asked to confirm this call, which Cline cannot ask from a hook; hookwire cancels the task';
/** A deny of one call, which Cline can only apply by ending the task. */
export const DENY_NOTE = 'Cline cannot deny one call: hookwire cancelled the task';
/** A multi-file read narrowed to its first file, so that the hooks saw every file it reads. */
export const NARROWED_NOTE =
  'hookwire: hooks check one file per read, so this read_files call read only its first file; read each other file in a call of its own';

/** What hookwire's Cline hook file prints: the fields Cline reads (docs/hosts/cline.md). */
interface ClineAnswer {
  cancel?: true;
  errorMessage?: string;
  contextModification?: string;
  overrideInput?: Record<string, unknown>;
}

/** The answer to Cline for one event, so that it does what the merged outcome says. */
export function toClineAnswer(outcome: Outcome, incoming?: IncomingEvent): HostAnswer {
  const claude = toHostAnswer(outcome);
  const failures = claude.exitCode === 2 ? '' : claude.stderr;
  const named = incoming?.original.event ?? clineEventOf(outcome.event);
  const spec = specOf(outcome.event);
  if (named === undefined || !isClineEvent(named) || spec.notificationOnly)
    return { stdout: '', stderr: claude.stderr, exitCode: 0 };
  const answer: ClineAnswer = {};
  const notes: string[] = [];
  const context = [...outcome.additionalContext];
  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  const reason = reasonOf(outcome);
  switch (named) {
    case 'PreToolUse':
    case 'UserPromptSubmit':
      if (blocked) cancel(answer, `${reason} (${DENY_NOTE})`);
      else if (named === 'PreToolUse' && outcome.decision === 'ask')
        cancel(answer, outcome.reason?.trim() ? `${outcome.reason} (${ASK_NOTE})` : ASK_NOTE);
      else if (!outcome.continue) cancel(answer, outcome.stopReason ?? 'a hook asked to stop the agent');
      else if (named === 'PreToolUse') rewrite(answer, outcome, incoming, context);
      break;
    case 'PostToolUse':
      // Claude Code sends a PostToolUse block's reason to the model: Cline's context does.
      if (blocked) context.push(reason);
      if (!outcome.continue) cancel(answer, outcome.stopReason ?? 'a hook asked to stop the agent');
      if (outcome.hookSpecificOutput.updatedToolOutput !== undefined)
        notes.push(
          'hookwire: a hook replaced the tool output, which Cline cannot take; the model reads its own',
        );
      break;
    case 'TaskComplete':
      if (blocked)
        notes.push(
          `hookwire: a Stop hook blocked, which Cline cannot hold (TaskComplete is not waited for): ${reason}`,
        );
      break;
    default:
      // TaskStart, TaskResume, PreCompact, SessionShutdown: Cline does not wait for them (PreCompact never runs).
      if (blocked)
        notes.push(`hookwire: a hook blocked ${named}, whose answer Cline does not read: ${reason}`);
  }
  if (context.length > 0 && answer.cancel === undefined) answer.contextModification = context.join('\n');
  const messages = [...outcome.systemMessages, ...notes];
  const stderr = `${failures}${messages.map((line) => `${line}\n`).join('')}`;
  const stdout = Object.keys(answer).length > 0 ? `${JSON.stringify(answer)}\n` : '';
  return { stdout, stderr, exitCode: 0 };
}

/**
 * hookwire's own failure on an event that can block, as the block: Cline reads no exit code, so the answer is
 * the JSON (`cancel` before a tool or prompt, the reason as context after a tool), with exit 2 for whoever
 * reads one.
 */
export function clineFailure(outcome: Outcome, incoming?: IncomingEvent): HostAnswer {
  return { ...toClineAnswer(outcome, incoming), stderr: '', exitCode: 2 };
}

function cancel(answer: ClineAnswer, message: string): void {
  answer.cancel = true;
  answer.errorMessage = message;
}

/** A rewrite under Cline's names; a read of several files the hooks checked, narrowed to the first. */
function rewrite(
  answer: ClineAnswer,
  outcome: Outcome,
  incoming: IncomingEvent | undefined,
  context: string[],
) {
  const call = incoming?.original.payload.tool_call;
  const tool =
    typeof call === 'object' && call !== null
      ? (call as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  const name = typeof tool.name === 'string' ? tool.name : undefined;
  if (outcome.updatedInput !== null) {
    answer.overrideInput =
      name === undefined ? { ...outcome.updatedInput } : toClineToolInput(name, outcome.updatedInput);
    return;
  }
  const input =
    typeof tool.input === 'object' && tool.input !== null ? (tool.input as Record<string, unknown>) : {};
  const files = name === 'read_files' ? readFilesOf(input) : [];
  if (files.length > 1 && outcome.runs.length > 0) {
    answer.overrideInput = { files: files.slice(0, 1) };
    context.push(NARROWED_NOTE);
  }
}

/** The reason of the block as the hooks gave it: an exit-2 hook's own stderr, else the merged reason. */
function reasonOf(outcome: Outcome): string {
  const message = blockMessage(outcome);
  const text = message.form === 'exit-code' ? message.text.trim() : (outcome.reason ?? '').trim();
  return text === '' ? 'Blocked by a hook' : text;
}
