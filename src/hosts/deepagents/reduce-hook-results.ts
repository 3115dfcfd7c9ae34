import { isRecord } from '../../common/is-record.js';
import { type DecisionPolicy, strongestDecision } from '../../merge/decision-policy.js';
import type { HookDiagnostic } from './hook-diagnostic.js';
import { HOOK_EVENTS, type HookEvent } from './hook-events.js';
import type { HookResult, WireOutput } from './hook-output.js';

/*
 * Combining the results of every handler that ran for one invocation (upstream `reducer.py`), in
 * configuration order (project, user, plugin), never in completion order. Pure: data in, data out. The
 * decision is the shared reducer's rule (`src/merge/decision-policy.ts`) under Deep Agents' policy below; what
 * stays here is reading upstream's wire fields under each event's rules, with upstream's diagnostics.
 */

/** Stop continuations a session may take in a row; the next block is `continuation_cap`. */
export const STOP_CONTINUATION_CAP = 8;

/** A permission outcome; ranks none < allow < ask < deny. */
export interface PermissionDecision {
  readonly behavior: 'none' | 'allow' | 'ask' | 'deny';
  readonly reason: string | null;
  readonly interrupt: boolean;
}

/** The reduced decision, in upstream's field names; the event decides which optional fields are present. */
export interface HookDecision {
  readonly continue_processing: boolean;
  readonly stop_reason: string | null;
  readonly user_notices: readonly string[];
  readonly terminal_sequences: readonly string[];
  readonly diagnostics: readonly Required<HookDiagnostic>[];
  readonly event: HookEvent;
  readonly context?: readonly string[];
  readonly permission?: PermissionDecision;
  readonly feedback?: readonly string[];
  readonly continue_loop?: boolean;
  readonly suppress_original_prompt?: boolean;
}

/** The invocation's facts the reduction depends on. */
export interface ReduceContext {
  readonly event: HookEvent;
  /** Stop and SubagentStop: continuations already taken. */
  readonly continuationCount?: number;
}

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
/**
 * Deep Agents Code's decision policy for the shared reducer's rule: deny > ask > allow, and the first hook
 * that gave the winning decision speaks for it (its reason, its `interrupt`); no hook deciding is `none`.
 */
export const DEEPAGENTS_DECISIONS: DecisionPolicy<Exclude<PermissionDecision['behavior'], 'none'>> = {
  rank: { allow: 1, ask: 2, deny: 3 },
  winners: 'first',
};
const NO_DECISION: PermissionDecision = { behavior: 'none', reason: null, interrupt: false };
/** SessionStart's specific fields that are parsed and not applied. */
const IGNORED_SPECIFIC: Partial<Record<HookEvent, readonly string[]>> = {
  SessionStart: ['initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'],
  PostToolUse: ['updatedToolOutput', 'updatedMCPToolOutput'],
};

/** Reduces `results` (configuration order) for `context.event`. */
export function reduceHookResults(results: readonly HookResult[], context: ReduceContext): HookDecision {
  const { event } = context;
  const continuations = context.continuationCount ?? 0;
  const diagnostics: Required<HookDiagnostic>[] = [];
  const contexts: string[] = [];
  const feedback: string[] = [];
  const notices: string[] = [];
  const sequences: string[] = [];
  let continueProcessing = true;
  let stopReason: string | null = null;
  const proposals: PermissionDecision[] = [];
  let continueLoop = false;
  let suppressPrompt = false;

  const diagnose = (code: string, message: string, handlerId: string | null, field: string | null): void => {
    diagnostics.push({ code, severity: 'warning', message, handler_id: handlerId, field });
  };
  const propose = (candidate: PermissionDecision): void => {
    proposals.push(candidate);
  };
  const requestContinuation = (text: string): void => {
    if (continuations >= STOP_CONTINUATION_CAP) {
      diagnose(
        'continuation_cap',
        `Ignored Stop continuation after ${STOP_CONTINUATION_CAP} consecutive attempts`,
        null,
        null,
      );
      return;
    }
    continueLoop = true;
    feedback.push(text);
  };
  const block = (reason: string, handlerId: string | null): void => {
    const rule = HOOK_EVENTS[event].block;
    switch (rule) {
      case 'block':
        continueProcessing = false;
        stopReason ??= reason;
        return;
      case 'deny':
        propose({ behavior: 'deny', reason, interrupt: false });
        return;
      case 'feedback':
        feedback.push(reason);
        return;
      case 'continue':
        requestContinuation(reason);
        return;
      case 'context':
        if (continuations > 0) {
          diagnose('continuation_guard', 'Ignored recursive stop-hook continuation', null, null);
          return;
        }
        diagnose(
          'unsupported_block',
          `Blocking ${event} is not supported yet; retained as parent context: ${reason}`,
          handlerId,
          'decision',
        );
        contexts.push(reason);
        return;
      case 'unsupported':
        diagnose(
          'unsupported_block',
          `Block/exit 2 is not supported for ${event}: ${reason}`,
          handlerId,
          'decision',
        );
        return;
    }
  };

  const readOutput = (output: WireOutput, handlerId: string | null): void => {
    const stops = output.continue === false;
    if (stops) continueProcessing = false;
    if (typeof output.stopReason === 'string') {
      if (!stops)
        diagnose(
          'ignored_stop_reason',
          'stopReason is ignored while continue is true',
          handlerId,
          'stopReason',
        );
      else if (stopReason === null) stopReason = output.stopReason;
      else
        diagnose(
          'additional_stop_reason',
          'A later stopReason was ignored; the first reason wins',
          handlerId,
          'stopReason',
        );
    }
    if (typeof output.systemMessage === 'string' && output.suppressOutput !== true)
      notices.push(output.systemMessage);
    if (typeof output.terminalSequence === 'string') {
      if (isAllowedTerminalSequence(output.terminalSequence)) sequences.push(output.terminalSequence);
      else
        diagnose(
          'invalid_terminal_sequence',
          'terminalSequence rejected; only OSC 0/1/2/9/99/777 and BEL are allowed',
          handlerId,
          'terminalSequence',
        );
    }
    // Unknown top-level keys (pydantic's extras), by name.
    for (const key of Object.keys(output).sort())
      if (!KNOWN_FIELDS.has(key))
        diagnose('unsupported_field', `Unsupported hook output field ignored: ${key}`, handlerId, key);
    if (output.decision === 'block') {
      const reason =
        typeof output.reason === 'string' && output.reason !== '' ? output.reason : 'Blocked by hook';
      block(reason, handlerId);
    }
    const specific = output.hookSpecificOutput;
    if (isRecord(specific)) readSpecific(specific, handlerId);
  };

  const readSpecific = (specific: Record<string, unknown>, handlerId: string | null): void => {
    if (specific.hookEventName !== event) {
      diagnose(
        'mismatched_output',
        'Hook-specific output does not match the invoked event',
        handlerId,
        'hookSpecificOutput.hookEventName',
      );
      return;
    }
    for (const key of IGNORED_SPECIFIC[event] ?? [])
      if (isSet(event, specific[key]))
        diagnose('unsupported_field', `${key} is not supported and was ignored`, handlerId, key);
    const added = typeof specific.additionalContext === 'string' ? specific.additionalContext : null;
    if (event === 'PreToolUse') readPreToolUse(specific, handlerId);
    if (event === 'PermissionRequest' && isRecord(specific.decision))
      readPermissionRequest(specific.decision, handlerId);
    if (event === 'UserPromptSubmit' && specific.suppressOriginalPrompt === true) suppressPrompt = true;
    if (added !== null) {
      if (event === 'Stop') requestContinuation(added);
      else contexts.push(added);
    }
  };

  const readPreToolUse = (specific: Record<string, unknown>, handlerId: string | null): void => {
    const decision = specific.permissionDecision;
    const mutated = specific.updatedInput !== undefined && specific.updatedInput !== null;
    if (decision === 'defer')
      diagnose(
        'unsupported_field',
        "permissionDecision value 'defer' is not supported and was ignored",
        handlerId,
        'permissionDecision',
      );
    if (mutated)
      diagnose(
        'unsupported_field',
        'updatedInput is not supported; the mutated tool input was ignored',
        handlerId,
        'updatedInput',
      );
    if (decision !== 'allow' && decision !== 'ask' && decision !== 'deny') return;
    // An allow or ask that came with a changed input approved that input, not this one: dropped.
    if (mutated && decision !== 'deny') return;
    const reason =
      typeof specific.permissionDecisionReason === 'string' ? specific.permissionDecisionReason : null;
    propose({ behavior: decision, reason, interrupt: false });
  };

  const readPermissionRequest = (decision: Record<string, unknown>, handlerId: string | null): void => {
    if (decision.behavior === 'allow') {
      const mutated = decision.updatedInput !== undefined && decision.updatedInput !== null;
      if (mutated)
        diagnose(
          'unsupported_field',
          'updatedInput is not supported; the mutated tool input was ignored',
          handlerId,
          'updatedInput',
        );
      if (decision.updatedPermissions !== undefined && decision.updatedPermissions !== null)
        diagnose(
          'unsupported_field',
          'updatedPermissions is not supported and was ignored',
          handlerId,
          'updatedPermissions',
        );
      if (!mutated) propose({ behavior: 'allow', reason: null, interrupt: false });
      return;
    }
    if (decision.behavior === 'deny') {
      const reason = typeof decision.message === 'string' ? decision.message : null;
      propose({ behavior: 'deny', reason, interrupt: decision.interrupt === true });
    }
  };

  for (const result of results) {
    for (const diagnostic of result.diagnostics ?? [])
      diagnostics.push({
        code: diagnostic.code,
        severity: 'warning',
        message: diagnostic.message,
        handler_id: diagnostic.handler_id ?? null,
        field: diagnostic.field ?? null,
      });
    const plain = result.plain_output;
    if (typeof plain === 'string') {
      if (HOOK_EVENTS[event].plainStdout === 'context') contexts.push(plain);
      else diagnose('malformed_json', 'Hook output is not valid JSON', result.handler_id, null);
    }
    if (result.output) readOutput(result.output, result.handler_id);
  }

  const permission =
    strongestDecision(proposals, DEEPAGENTS_DECISIONS, (proposal) =>
      proposal.behavior === 'none' ? undefined : proposal.behavior,
    ).winners[0] ?? NO_DECISION;
  const base = {
    continue_processing: continueProcessing,
    stop_reason: stopReason,
    user_notices: notices,
    terminal_sequences: sequences,
    diagnostics,
    event,
  };
  switch (event) {
    case 'SessionStart':
    case 'SubagentStart':
    case 'SubagentStop':
      return { ...base, context: contexts };
    case 'UserPromptSubmit':
      return { ...base, context: contexts, suppress_original_prompt: suppressPrompt };
    case 'PreToolUse':
      return { ...base, permission, context: contexts };
    case 'PermissionRequest':
      return { ...base, permission };
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return { ...base, feedback, context: contexts };
    case 'Stop':
      return { ...base, continue_loop: continueLoop, feedback };
    case 'SessionEnd':
    case 'Notification':
    case 'PreCompact':
      return base;
  }
}

/*
 * Whether a parsed-but-unapplied specific field was given: upstream tests SessionStart's against its
 * defaults (`None, False, [], ""`), PostToolUse's against None.
 */
function isSet(event: HookEvent, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (event !== 'SessionStart') return true;
  return !(value === false || value === '' || (Array.isArray(value) && value.length === 0));
}

const TERMINAL_SEQUENCE =
  /^(?:\u0007|\u001b\](?:0|1|2|9|99|777);[^\u0000-\u001f\u007f]*(?:\u0007|\u001b\\))+$/;

/** OSC 0/1/2/9/99/777 terminated by BEL or ST, and bare BEL, concatenated; nothing else. */
export function isAllowedTerminalSequence(value: string): boolean {
  return TERMINAL_SEQUENCE.test(value);
}
