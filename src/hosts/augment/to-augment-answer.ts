import { parseJsonObject } from '../../common/parse-json-object.js';
import type { Outcome } from '../../outcome/outcome.js';
import { toHostAnswer } from '../../protocol/to-host-answer.js';
import type { CommandAnswer, IncomingEvent } from '../host.js';
import type { AugmentCatalogueEvent } from './augment-events.js';
import { toAugmentToolInput } from './augment-tool-names.js';

/*
 * How Auggie 0.36.0 reads a command hook (its bundled hook executor, checked in the real CLI:
 * docs/hosts/augment.md). JSON is read on exit 0 and 2 only, against a schema whose `hookSpecificOutput`
 * must name one of PreToolUse, PostToolUse, Stop, SessionStart, SessionEnd or Notification, and whose
 * `permissionDecision` is allow, deny or ask: anything else makes the whole stdout plain text, shown to the
 * user. Exit 2 blocks PreToolUse only. What reaches the model: a PreToolUse block's reason; PostToolUse's
 * `hookSpecificOutput.decision`/`reason` and `additionalContext` (appended to the tool result). What does
 * not: a Stop block (the turn ends regardless), any SessionStart or PromptSubmit output (the prompt hook
 * runs beside the model call and its answer is never awaited), a PreToolUse `ask` (the call runs). Stderr
 * and `systemMessage` on exit 0 are shown to the user.
 *
 * So the answer is Claude Code's (toHostAnswer), rewritten where Auggie reads otherwise, and where Auggie
 * cannot do what the hooks decided, the closest safe thing with a line for the user on stderr.
 */

type Rewrite = (
  outcome: Outcome,
  claude: CommandAnswer,
  incoming: IncomingEvent | undefined,
) => CommandAnswer;

const AS_CLAUDE: Rewrite = (_outcome, claude) => claude;

const REWRITES: Readonly<Record<AugmentCatalogueEvent, Rewrite>> = {
  PreToolUse: preToolUse,
  PostToolUse: postToolUse,
  Stop: stop,
  SessionStart: sessionStart,
  UserPromptSubmit: promptSubmit,
  // Auggie ignores these events' output; Claude Code's answer is stderr lines only.
  Notification: AS_CLAUDE,
  SessionEnd: AS_CLAUDE,
};

/** The answer to Auggie for one event. `incoming` holds the call's own input, which a rewrite is merged over. */
export function toAugmentAnswer(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer {
  const claude = toHostAnswer(outcome);
  const event = outcome.event as string;
  return Object.hasOwn(REWRITES, event)
    ? REWRITES[event as AugmentCatalogueEvent](outcome, claude, incoming)
    : claude;
}

/**
 * PreToolUse: Claude Code's answer (exit 2 and `deny` both block in Auggie), with `ask` answered as a deny
 * (Auggie would run the call), `defer` left out (Auggie's own permissions decide, as Claude Code's do; the
 * word would void the whole JSON), `continue: false` as a deny (Auggie cannot end the session; it can
 * refuse the call), and a rewrite given whole: Auggie replaces the call's input with `updatedInput`, so the
 * rewrite, under Auggie's keys, is merged over the input the model wrote.
 */
function preToolUse(
  outcome: Outcome,
  claude: CommandAnswer,
  incoming: IncomingEvent | undefined,
): CommandAnswer {
  const body = parseJsonObject(claude.stdout.trim());
  if (body === undefined) return claude;
  const specific = { ...((body.hookSpecificOutput as Record<string, unknown> | undefined) ?? {}) };
  const notes: string[] = [];
  if (specific.permissionDecision === 'ask') {
    specific.permissionDecision = 'deny';
    specific.permissionDecisionReason = `${outcome.reason ?? 'a hook asked for confirmation'} (Auggie cannot ask for confirmation from a hook, so the call is denied)`;
    notes.push('a hook asked for confirmation, which Auggie cannot ask: the call is denied');
  }
  if (specific.permissionDecision === 'defer') {
    delete specific.permissionDecision;
    delete specific.permissionDecisionReason;
  }
  if (body.continue === false && specific.permissionDecision !== 'deny') {
    specific.permissionDecision = 'deny';
    specific.permissionDecisionReason = outcome.stopReason ?? 'a hook stopped the session';
    notes.push('a hook stopped the session (continue: false), which Auggie cannot do: the call is denied');
  }
  if (typeof specific.additionalContext === 'string' && specific.permissionDecision !== 'deny') {
    notes.push(
      `Auggie does not pass a PreToolUse hook's context to the model; it was: ${specific.additionalContext}`,
    );
  }
  delete specific.additionalContext;
  if (isObject(specific.updatedInput)) specific.updatedInput = wholeInput(specific.updatedInput, incoming);
  const next: Record<string, unknown> = { ...body };
  delete next.hookSpecificOutput;
  if (Object.keys(specific).length > 1)
    next.hookSpecificOutput = { ...specific, hookEventName: 'PreToolUse' };
  return withNotes({ ...claude, stdout: jsonLine(next) }, notes);
}

/**
 * The rewrite as Auggie applies it, whole: the hooks saw Claude Code's keys and may have named only what
 * they change (`{command}`), while Auggie replaces the call's input with what it is given; so the rewrite
 * goes back under Auggie's keys over the input the model wrote (`wait`, `max_wait_seconds` kept). A key a
 * rewrite leaves out keeps the model's value: a hook cannot remove an argument through hookwire.
 */
function wholeInput(
  updated: Record<string, unknown>,
  incoming: IncomingEvent | undefined,
): Record<string, unknown> {
  const tool = incoming?.original.payload.tool_name;
  const own = incoming?.original.payload.tool_input;
  if (typeof tool !== 'string') return updated;
  return { ...(isObject(own) ? own : {}), ...toAugmentToolInput(tool, updated) };
}

/**
 * PostToolUse: Auggie reads a block and its reason only under `hookSpecificOutput` (Claude Code's are top
 * level), and appends the reason and any `additionalContext` to the tool's result for the model, as Claude
 * Code gives them to the model. `continue: false` cannot end Auggie's session: the model is told the stop
 * reason the same way, and the user on stderr.
 */
function postToolUse(outcome: Outcome, claude: CommandAnswer): CommandAnswer {
  if (claude.exitCode === 2) return claude; // Auggie gives an exit-2 PostToolUse's stderr to the model.
  const body = parseJsonObject(claude.stdout.trim());
  if (body === undefined) return claude;
  const old = (body.hookSpecificOutput as Record<string, unknown> | undefined) ?? {};
  const specific: Record<string, unknown> = { hookEventName: 'PostToolUse' };
  const notes: string[] = [];
  if (body.decision === 'block') {
    specific.decision = 'block';
    specific.reason = body.reason ?? '';
  } else if (body.continue === false) {
    specific.decision = 'block';
    specific.reason = outcome.stopReason ?? 'a hook stopped the session';
    notes.push(
      'a hook stopped the session (continue: false), which Auggie cannot do: the model is told the reason',
    );
  }
  if (typeof old.additionalContext === 'string') specific.additionalContext = old.additionalContext;
  const next = common(body);
  if (Object.keys(specific).length > 1) next.hookSpecificOutput = specific;
  return withNotes({ ...claude, stdout: jsonLine(next) }, notes);
}

/**
 * Stop: Auggie 0.36.0 runs Stop hooks after the turn has ended and never reads their answer, so a block
 * cannot continue the turn. The block is answered in Auggie's words (`hookSpecificOutput.decision`, which it
 * parses) and the user is told on stderr that the turn ended anyway, with the reason.
 */
function stop(outcome: Outcome, claude: CommandAnswer): CommandAnswer {
  const blocked = outcome.decision === 'block';
  const body = parseJsonObject(claude.stdout.trim()) ?? {};
  const next = common(body);
  const notes: string[] = [];
  if (blocked) {
    const reason = outcome.reason ?? claude.stderr.trim();
    next.hookSpecificOutput = { hookEventName: 'Stop', decision: 'block', reason };
    notes.push(`a Stop hook blocked, but Auggie ends the turn regardless; the reason: ${reason}`);
  }
  return withNotes(
    { stdout: jsonLine(next), stderr: blocked ? failuresOf(claude) : claude.stderr, exitCode: 0 },
    notes,
  );
}

/** SessionStart: Auggie runs it before the session and drops its answer; context is told to the user only. */
function sessionStart(outcome: Outcome, claude: CommandAnswer): CommandAnswer {
  const context = outcome.additionalContext.join('\n');
  const body = parseJsonObject(claude.stdout.trim()) ?? {};
  const notes =
    context === '' ? [] : [`Auggie does not give SessionStart context to the model; it was: ${context}`];
  return withNotes({ stdout: jsonLine(common(body)), stderr: failuresOf(claude), exitCode: 0 }, notes);
}

/**
 * UserPromptSubmit (Auggie's PromptSubmit): Auggie starts the prompt's hooks beside the model call and never
 * waits for them, so neither a block nor context can take effect; both are told to the user. No
 * `hookSpecificOutput` is written: Auggie's schema has no PromptSubmit, and would show the JSON as text.
 */
function promptSubmit(outcome: Outcome, claude: CommandAnswer): CommandAnswer {
  const notes: string[] = [];
  if (outcome.decision === 'block') {
    notes.push(
      `a UserPromptSubmit hook blocked the prompt, but Auggie sends it to the model regardless; the reason: ${outcome.reason ?? claude.stderr.trim()}`,
    );
  }
  const context = outcome.additionalContext.join('\n');
  if (context !== '')
    notes.push(`Auggie does not give a prompt hook's context to the model; it was: ${context}`);
  const body = parseJsonObject(claude.stdout.trim()) ?? {};
  return withNotes({ stdout: jsonLine(common(body)), stderr: failuresOf(claude), exitCode: 0 }, notes);
}

/** The top-level fields Auggie reads on every event (`systemMessage` is shown to the user). */
function common(body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ['continue', 'stopReason', 'systemMessage', 'suppressOutput'])
    if (body[key] !== undefined) kept[key] = body[key];
  return kept;
}

/** hookwire's own lines of a Claude Code answer's stderr (failed hooks), without an exit-2 block's reason. */
function failuresOf(claude: CommandAnswer): string {
  return claude.exitCode === 2 ? '' : claude.stderr;
}

function withNotes(answer: CommandAnswer, notes: readonly string[]): CommandAnswer {
  return notes.length === 0
    ? answer
    : { ...answer, stderr: `${answer.stderr}${notes.map((note) => `hookwire: ${note}\n`).join('')}` };
}

function jsonLine(body: Record<string, unknown>): string {
  return Object.keys(body).length === 0 ? '' : `${JSON.stringify(body)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
