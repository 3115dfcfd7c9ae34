import { specOf } from '../../events/lookup.js';
import type { Outcome } from '../../outcome/outcome.js';
import { blockMessage } from '../../protocol/block-message.js';
import { type HostAnswer, toHostAnswer } from '../../protocol/to-host-answer.js';
import type { IncomingEvent } from '../host.js';
import { type CursorEvent, cursorEventOf, isCursorEvent, PERMISSION_EVENTS } from './cursor-events.js';
import { toCursorToolInput } from './cursor-tool-names.js';

/*
 * Cursor reads a hook's answer in its own fields, event by event (from the documentation, not run:
 * docs/hosts/cursor.md): `permission` (`allow`, `deny`, `ask`) with `user_message` and `agent_message` on
 * preToolUse, beforeShellExecution, beforeMCPExecution, beforeReadFile and subagentStart, `updated_input` on
 * preToolUse; `continue` and `user_message` on beforeSubmitPrompt; `additional_context` on sessionStart,
 * beforeSubmitPrompt, preToolUse, postToolUse and postToolUseFailure; `updated_mcp_tool_output` on an MCP
 * tool's postToolUse; `followup_message` on stop and subagentStop, which Cursor submits as the next user
 * message. Claude Code's fields are not answered: the answer is always one JSON object on stdout with exit 0
 * (`{}` when there is nothing to say, since an entry with `failClosed` counts an empty answer as a failure).
 * What Cursor cannot be told is said on stderr, and where it would let a blocked thing happen, the closest
 * safe answer is given instead.
 */

/** Messages for what Cursor cannot take; each is said on stderr and, on a deny, in its reason. */
const STOP_NOTE =
  'hookwire: a hook asked to stop the agent, which a Cursor permission hook cannot; the call is denied';
const REWRITE_NOTE =
  'hookwire: a hook rewrote the input of this call, which Cursor takes only on preToolUse; the call is denied instead of running unchanged';

/** The answer to Cursor for one event, so that it does what the merged outcome says. */
export function toCursorAnswer(outcome: Outcome, incoming?: IncomingEvent): HostAnswer {
  const claude = toHostAnswer(outcome);
  const named = incoming?.original.event ?? cursorEventOf(outcome.event);
  // An event the catalogue has no row for (afterAgentResponse, the Tab events): nothing Cursor reads.
  if (named === undefined || !isCursorEvent(named))
    return { stdout: '{}\n', stderr: claude.stderr, exitCode: 0 };
  const spec = specOf(outcome.event);
  const answer = new CursorAnswerText(claude.exitCode === 2 ? '' : claude.stderr);
  const blocked = spec.block !== null && outcome.decision === spec.block.decision;
  const reason = reasonOf(outcome);
  const original = incoming?.original.payload ?? {};

  if (PERMISSION_EVENTS.has(named)) {
    if (blocked) answer.deny(reason);
    else if (outcome.decision === 'ask') answer.permission('ask', outcome.reason);
    else if (!outcome.continue)
      answer.deny(outcome.stopReason?.trim() ? `${outcome.stopReason} (${STOP_NOTE})` : STOP_NOTE, true);
    else if (outcome.updatedInput !== null && named !== 'preToolUse') answer.deny(REWRITE_NOTE, true);
    else {
      if (outcome.decision === 'allow') answer.permission('allow', outcome.reason);
      if (outcome.updatedInput !== null) {
        const tool = typeof original.tool_name === 'string' ? original.tool_name : '';
        const sent = isObject(original.tool_input) ? original.tool_input : {};
        answer.json.updated_input = toCursorToolInput(tool, sent, outcome.updatedInput);
      }
    }
    answer.context(outcome.additionalContext, named === 'preToolUse');
    answer.userMessages(outcome.systemMessages);
  } else {
    answerOther(named, outcome, { blocked, reason, original }, answer);
  }
  return answer.done();
}

/** The answer of an event that is not a permission event. */
function answerOther(
  named: CursorEvent,
  outcome: Outcome,
  facts: { blocked: boolean; reason: string; original: Readonly<Record<string, unknown>> },
  answer: CursorAnswerText,
): void {
  const { blocked, reason, original } = facts;
  switch (named) {
    case 'beforeSubmitPrompt':
      if (blocked || !outcome.continue) {
        answer.json.continue = false;
        answer.json.user_message = blocked ? reason : (outcome.stopReason ?? STOP_NOTE);
      }
      answer.context(outcome.additionalContext, true);
      answer.userMessages(outcome.systemMessages);
      return;
    case 'sessionStart':
      answer.context(outcome.additionalContext, true);
      answer.note(outcome.systemMessages);
      return;
    case 'postToolUse':
    case 'postToolUseFailure': {
      // Claude Code's block of an after-tool event sends the reason to the model: Cursor's context does.
      answer.context([...outcome.additionalContext, ...(blocked ? [reason] : [])], true);
      const output = outcome.hookSpecificOutput.updatedToolOutput;
      if (output !== undefined) {
        const tool = typeof original.tool_name === 'string' ? original.tool_name : '';
        if (named === 'postToolUse' && tool.startsWith('MCP:')) answer.json.updated_mcp_tool_output = output;
        else
          answer.note([
            `hookwire: a hook replaced the output of ${tool || 'this tool'}, which Cursor takes for MCP tools only; the model sees the tool's own output`,
          ]);
      }
      answer.note(outcome.systemMessages);
      return;
    }
    case 'stop':
    case 'subagentStop':
      if (blocked) answer.json.followup_message = reason;
      answer.context(outcome.additionalContext, false);
      answer.note(outcome.systemMessages);
      return;
    case 'preCompact':
      if (blocked)
        answer.note([`hookwire: a hook blocked the compaction, which Cursor cannot hold: ${reason}`]);
      answer.userMessages(outcome.systemMessages);
      answer.context(outcome.additionalContext, false);
      return;
    default:
      // sessionEnd and the per-tool after-events (afterShellExecution, afterMCPExecution, afterFileEdit): Cursor
      // reads no answer of theirs.
      if (blocked)
        answer.note([`hookwire: a hook blocked ${named}, whose answer Cursor does not read: ${reason}`]);
      answer.context(outcome.additionalContext, false);
      answer.note(outcome.systemMessages);
  }
}

/**
 * The reason of the outcome's block as the model would read it natively: the hook's own words when it
 * blocked by exit 2 (Cursor quotes no command around them), else the merged reason.
 */
function reasonOf(outcome: Outcome): string {
  const message = blockMessage(outcome);
  const text = message.form === 'exit-code' ? message.text.trim() : (outcome.reason ?? '');
  return text.trim() === '' ? 'Blocked by a hook' : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON object and the stderr lines of one answer, built field by field. */
class CursorAnswerText {
  readonly json: Record<string, unknown> = {};
  private readonly notes: string[] = [];

  constructor(private readonly failures: string) {}

  permission(value: 'allow' | 'ask', reason: string | null): void {
    this.json.permission = value;
    if (reason !== null && reason.trim() !== '') {
      this.json.user_message = reason;
      this.json.agent_message = reason;
    }
  }

  /** A deny with its reason for the user and the model; `noted` also says it on stderr. */
  deny(reason: string, noted = false): void {
    this.json.permission = 'deny';
    this.json.user_message = reason;
    this.json.agent_message = reason;
    if (noted) this.notes.push(reason.startsWith('hookwire: ') ? reason : `hookwire: ${reason}`);
  }

  /** Context for the model: `additional_context` where the event takes it, else a line on stderr. */
  context(lines: readonly string[], taken: boolean): void {
    if (lines.length === 0) return;
    if (taken) this.json.additional_context = lines.join('\n');
    else this.notes.push(`hookwire: Cursor takes no context on this event; not given: ${lines.join(' | ')}`);
  }

  /** Messages for the user, in `user_message` beside what it already says. */
  userMessages(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const said = typeof this.json.user_message === 'string' ? [this.json.user_message] : [];
    this.json.user_message = [...said, ...lines].join('\n');
  }

  note(lines: readonly string[]): void {
    this.notes.push(...lines);
  }

  done(): HostAnswer {
    const notes = this.notes.map((line) => `${line}\n`).join('');
    return { stdout: `${JSON.stringify(this.json)}\n`, stderr: `${notes}${this.failures}`, exitCode: 0 };
  }
}
