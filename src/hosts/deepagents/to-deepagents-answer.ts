import { isRecord } from '../../common/is-record.js';
import type { Outcome } from '../../outcome/outcome.js';
import type { HostAnswer } from '../../protocol/host-answer.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import { isHookEvent } from './hook-events.js';
import { isWireOutput } from './hook-output.js';

/*
 * `hookwire run --host deepagents`: the merged outcome answered in Deep Agents Code's Hooks v2 protocol
 * (docs/deepagents.md). It reads Claude Code's shapes, with rules of its own that would otherwise turn
 * hookwire's answer into nothing: JSON is read only on exit 0 and dropped whole when it fails its schema
 * (a `decision` other than "block", a `hookSpecificOutput` for SessionEnd, Notification or PreCompact), and
 * it never changes a tool's input (PreToolUse `updatedInput` and `defer` are refused, and an allow or ask
 * that came with an `updatedInput` is dropped). So the Claude Code answer is cut down to what Deep Agents
 * Code reads, and what it cannot express is answered as the closest safe thing, said on stderr:
 * - a PreToolUse allow or ask with a rewritten input: a deny (running the original input is not what the
 *   hook approved), its reason saying so;
 * - a PreToolUse `defer`: an ask;
 * - a PermissionRequest allow with a rewritten input: no decision (the user is asked), as upstream reads it;
 * - a PostToolUse rewrite of the tool's output: dropped (Deep Agents Code ignores it), said on stderr.
 */

const KNOWN_FIELDS = new Set([
  'continue',
  'stopReason',
  'suppressOutput',
  'systemMessage',
  'terminalSequence',
  'decision',
  'reason',
  'hookSpecificOutput',
]);
/** The events whose output may carry a `hookSpecificOutput` in Hooks v2. */
const SPECIFIC_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
]);
/** The specific fields Hooks v2 reads, by event (others are refused or ignored with a diagnostic). */
const SPECIFIC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  SessionStart: ['additionalContext'],
  UserPromptSubmit: ['additionalContext', 'sessionTitle', 'suppressOriginalPrompt'],
  PreToolUse: ['permissionDecision', 'permissionDecisionReason', 'additionalContext'],
  PermissionRequest: ['decision'],
  PostToolUse: ['additionalContext'],
  PostToolUseFailure: ['additionalContext'],
  Stop: ['additionalContext'],
  SubagentStart: ['additionalContext'],
  SubagentStop: ['additionalContext'],
};

const REWRITE_NOTE =
  'hookwire: a hook rewrote the tool input, which Deep Agents Code cannot apply; the call is denied';

/** The answer to Deep Agents Code for one event. */
export function toDeepAgentsAnswer(outcome: Outcome): HostAnswer {
  const claude = toHostAnswer(outcome);
  if (claude.exitCode !== 0 || claude.stdout.trim() === '') return claude;
  let body: unknown;
  try {
    body = JSON.parse(claude.stdout);
  } catch {
    // Plain text: context on SessionStart and UserPromptSubmit, a diagnostic elsewhere (as on Claude Code).
    return claude;
  }
  if (!isRecord(body)) return claude;
  const notes: string[] = [];
  const answer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (KNOWN_FIELDS.has(key)) answer[key] = value;
  if (answer.decision !== undefined && answer.decision !== 'block') delete answer.decision;
  const event = outcome.event;
  const specific = isRecord(body.hookSpecificOutput) ? body.hookSpecificOutput : undefined;
  delete answer.hookSpecificOutput;
  if (specific !== undefined && SPECIFIC_EVENTS.has(event) && isHookEvent(event)) {
    const kept: Record<string, unknown> = { hookEventName: event };
    for (const field of SPECIFIC_FIELDS[event] ?? [])
      if (specific[field] !== undefined) kept[field] = specific[field];
    adjustSpecific(event, specific, kept, notes);
    if (Object.keys(kept).length > 1) answer.hookSpecificOutput = kept;
  }
  const stderr = `${notes.map((note) => `${note}\n`).join('')}${claude.stderr}`;
  if (!isWireOutput(answer)) {
    // Never expected (each field was kept in its checked shape); an answer Deep Agents Code would drop whole
    // is said as exit 2 instead, which blocks where the event can.
    return {
      stdout: '',
      stderr: `hookwire: ${outcome.reason ?? 'the answer could not be expressed'}\n`,
      exitCode: 2,
    };
  }
  return {
    stdout: Object.keys(answer).length === 0 ? '' : `${JSON.stringify(answer)}\n`,
    stderr,
    exitCode: 0,
  };
}

function adjustSpecific(
  event: string,
  specific: Record<string, unknown>,
  kept: Record<string, unknown>,
  notes: string[],
): void {
  const rewritten = isRecord(specific.updatedInput);
  if (event === 'PreToolUse') {
    if (kept.permissionDecision === 'defer') {
      kept.permissionDecision = 'ask';
      notes.push(
        'hookwire: a hook deferred the call, which Deep Agents Code cannot; it asks the user instead',
      );
    }
    if (rewritten && kept.permissionDecision !== 'deny') {
      kept.permissionDecision = 'deny';
      kept.permissionDecisionReason = REWRITE_NOTE;
      notes.push(REWRITE_NOTE);
    }
    return;
  }
  if (event === 'PermissionRequest' && isRecord(kept.decision)) {
    const { updatedPermissions: _ignored, ...decision } = kept.decision;
    if (decision.behavior === 'allow' && isRecord(decision.updatedInput)) {
      delete kept.decision;
      notes.push(
        'hookwire: a hook allowed the request with a rewritten input, which Deep Agents Code cannot apply; the user is asked',
      );
      return;
    }
    kept.decision = decision;
    return;
  }
  if (
    event === 'PostToolUse' &&
    (specific.updatedToolOutput !== undefined || specific.updatedMCPToolOutput !== undefined)
  )
    notes.push(
      "hookwire: a hook rewrote the tool's output, which Deep Agents Code cannot apply; the model sees the original",
    );
}
