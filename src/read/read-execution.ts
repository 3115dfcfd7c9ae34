import { isRecord } from '../common/is-record.js';
import type { AnyEventName } from '../events/event-names.js';
import type { EventSpec } from '../events/event-spec.js';
import { specOf } from '../events/lookup.js';
import type { HandlerExecution } from '../run/handler-execution.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { effectsOfOutput } from './effects-of-output.js';
import { type HookEffects, type HookVerdict, NO_EFFECTS } from './hook-verdict.js';
import { readModelVerdict } from './model-verdict.js';
import { plainStdoutEffects } from './plain-stdout.js';
import { readStdoutJson } from './stdout-json-object.js';
import { readWireOutput } from './wire-output.js';

/**
 * Reads what one hook said, for any handler type, under its event's rules (the catalogue row):
 * - JSON counts only when the whole stdout is one object (or the handler answered a structured `output`),
 *   and is honoured on any exit code;
 * - exit 2 blocks whatever the JSON says, where the event can block, with the JSON's reason or
 *   `[<label>]: <stderr>`;
 * - other non-zero exits, signals, timeouts, start failures and invalid output are non-blocking errors,
 *   unless the handler says `onFailure: "block"` or the event fails on any failure (WorktreeCreate);
 * - plain stdout on exit 0 is context, a worktree path, or ignored, as the row says;
 * - notification-only events (and events the catalogue does not know) run their hooks but honour nothing
 *   they print.
 */
export function readExecution(
  event: AnyEventName,
  hook: ConfiguredHook,
  execution: HandlerExecution,
): HookVerdict {
  const spec = specOf(event);
  const label = hook.label;
  if (execution.stdoutTruncated && execution.kind !== 'cancelled' && spec.block && !spec.notificationOnly)
    return cutAnswer(spec.block.decision, label);
  switch (execution.kind) {
    case 'cancelled':
      return {
        status: 'cancelled',
        output: null,
        error: execution.error ?? `[${label}]: cancelled`,
        effects: NO_EFFECTS,
      };
    case 'timed_out':
      return failure(
        spec,
        hook,
        'timed out',
        'timeout',
        null,
        `[${label}]: timed out after ${hook.timeoutSeconds}s`,
      );
    case 'failed':
      if (execution.failClosed === true) return failedClosed(spec, label, execution.error);
      return failure(
        spec,
        hook,
        'failed',
        'non_blocking_error',
        null,
        execution.error ?? `[${label}]: failed`,
        execution.error === undefined ? stderrDetail(execution) : withoutLabel(execution.error, label),
      );
    case 'completed':
      return readCompleted(event, spec, hook, execution);
  }
}

function readCompleted(
  event: AnyEventName,
  spec: EventSpec,
  hook: ConfiguredHook,
  execution: HandlerExecution,
): HookVerdict {
  const label = hook.label;
  if (execution.verdict !== undefined) return readModelVerdict(spec, label, execution.verdict);
  const structured = execution.output;
  const text = typeof structured === 'string' ? structured : execution.stdout;
  const fromText = structured == null || typeof structured === 'string';
  const stdoutJson = fromText ? readStdoutJson(text) : { object: undefined, several: false };
  const output = isRecord(structured) ? structured : stdoutJson.object;
  if (stdoutJson.several && !spec.notificationOnly) {
    const invalid = 'invalid output: stdout holds several JSON objects, not one';
    return failure(spec, hook, 'failed', 'non_blocking_error', null, `[${label}]: ${invalid}`, invalid);
  }
  if (structured != null && typeof structured !== 'string' && output === undefined) {
    const invalid = 'invalid output: expected an object';
    return failure(spec, hook, 'failed', 'non_blocking_error', null, `[${label}]: ${invalid}`, invalid);
  }
  const exitCode = execution.exitCode;
  const stderrMessage = `[${label}]: ${execution.stderr.trim() || 'No stderr output'}`;

  if (spec.notificationOnly) {
    const failed = exitCode !== 0;
    return {
      status: failed ? 'non_blocking_error' : 'success',
      output: output ?? null,
      error: failed ? exitMessage(label, execution, stderrMessage) : null,
      effects: NO_EFFECTS,
    };
  }

  let effects: HookEffects = NO_EFFECTS;
  if (output !== undefined) {
    const wire = readWireOutput(output, event);
    const read = 'wire' in wire ? effectsOfOutput(spec, wire.wire) : wire;
    if ('invalid' in read) {
      return failure(
        spec,
        hook,
        'failed',
        'non_blocking_error',
        output,
        `[${label}]: invalid output: ${read.invalid}`,
        invalidOutputDetail(event, output, read.invalid),
      );
    }
    effects = read.effects;
  }

  if (exitCode === 2) {
    if (!spec.block) {
      return {
        status: 'non_blocking_error',
        output: output ?? null,
        error: stderrMessage,
        effects: NO_EFFECTS,
      };
    }
    // A JSON block or deny is read as that block, in its own words; any other JSON (an allow, an ask, mere
    // context) does not soften exit 2, whose message is stderr. Claude Code reads exit 2 so (observed).
    if (blocks(effects)) {
      const reason = effects.reason ?? jsonReason(output) ?? stderrMessage;
      return {
        status: 'blocking',
        output: output ?? null,
        error: reason,
        effects: { ...effects, decision: spec.block.decision, reason },
      };
    }
    return {
      status: 'blocking',
      output: output ?? null,
      error: stderrMessage,
      effects: { ...effects, decision: spec.block.decision, reason: stderrMessage },
    };
  }
  if (exitCode !== 0) {
    const message = exitMessage(label, execution, stderrMessage);
    if (spec.anyFailureBlocks || hook.handler.onFailure === 'block') {
      return failure(
        spec,
        hook,
        'failed',
        'non_blocking_error',
        output ?? null,
        message,
        stderrDetail(execution),
      );
    }
    if (output === undefined)
      return { status: 'non_blocking_error', output: null, error: message, effects: NO_EFFECTS };
    // JSON is honoured on any exit code: Claude Code blocks on exit 1 with a JSON deny.
    return {
      status: blocks(effects) ? 'blocking' : 'non_blocking_error',
      output,
      error: blocks(effects) ? (effects.reason ?? message) : message,
      effects,
    };
  }
  if (output === undefined) effects = plainStdoutEffects(spec, text);
  else if (spec.plainStdout === 'compaction-instructions' && !blocks(effects)) {
    // PreCompact appends the raw stdout, JSON included, to the compaction prompt (observed).
    effects = { ...effects, ...plainStdoutEffects(spec, text) };
  }
  return {
    status: blocks(effects) ? 'blocking' : 'success',
    output: output ?? null,
    error: blocks(effects) ? (effects.reason ?? null) : null,
    effects,
  };
}

/** The reason a hook's JSON gives in any of its spellings, for the message of an exit-2 block. */
function jsonReason(output: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (output === undefined) return undefined;
  const specific = isRecord(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const request = isRecord(specific.decision) ? specific.decision : {};
  for (const candidate of [output.reason, specific.permissionDecisionReason, request.message]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}

/** What Claude Code shows after the first line of an onFailure block: the hook's stderr, trimmed. */
function stderrDetail(execution: HandlerExecution): string {
  return execution.stderr.trim() || 'No stderr output';
}

function withoutLabel(message: string, label: string): string {
  const prefix = `[${label}]: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/**
 * The detail of an onFailure block for invalid output, in Claude Code's words (observed) with the output as
 * it quotes it; the schema Claude Code appends after a validation failure is left out.
 */
function invalidOutputDetail(
  event: AnyEventName,
  output: Readonly<Record<string, unknown>>,
  invalid: string,
): string {
  const quoted = JSON.stringify(output, null, 2);
  const specific = isRecord(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const named = specific.hookEventName;
  if (named !== undefined && named !== event) {
    return `Failed to run: Hook returned incorrect event name: expected '${event}' but got '${String(named)}'. Full stdout: ${quoted}`;
  }
  return `Hook JSON output validation failed \u2014 ${invalid}\n\nThe hook's output was: ${quoted}`;
}

function blocks(effects: HookEffects): boolean {
  return effects.decision === 'deny' || effects.decision === 'block';
}

function exitMessage(label: string, execution: HandlerExecution, stderrMessage: string): string {
  if (execution.exitCode === null && execution.signal) return `[${label}]: killed by ${execution.signal}`;
  if (execution.stderr.trim()) return stderrMessage;
  return `[${label}]: exited with code ${execution.exitCode}`;
}

/**
 * A hook whose answer went past the capture cap (`outputCapBytes`, 16 MiB by default; the http body cap):
 * what was kept may be the start of a deny, so on an event that can block it blocks, naming the cap, rather
 * than read a cut answer as no answer.
 */
function cutAnswer(decision: 'deny' | 'block', label: string): HookVerdict {
  const reason = `[${label}]: its answer went past hookwire's capture cap (outputCapBytes) and was cut, so it cannot be read whole; blocking (fail closed)`;
  return { status: 'blocking', output: null, error: reason, effects: { decision, reason } };
}

/**
 * A hook that could not run for want of an install (HandlerExecution.failClosed): blocked where the event can
 * block, whatever `onFailure` says; a non-blocking error elsewhere.
 */
function failedClosed(spec: EventSpec, label: string, error: string | undefined): HookVerdict {
  const message = `[${label}]: ${error ?? 'failed'}`;
  if (spec.block && !spec.notificationOnly) {
    const reason = `${message}; blocking because the hook could not run`;
    return {
      status: 'blocking',
      output: null,
      error: reason,
      effects: { decision: spec.block.decision, reason },
    };
  }
  return { status: 'non_blocking_error', output: null, error: message, effects: NO_EFFECTS };
}

/**
 * A hook that gave no verdict. `onFailure: "block"` (where the event can block) and WorktreeCreate (where any
 * failure fails the creation) turn it into a block; otherwise the action proceeds.
 */
function failure(
  spec: EventSpec,
  hook: ConfiguredHook,
  what: 'timed out' | 'failed',
  status: 'timeout' | 'non_blocking_error',
  output: Readonly<Record<string, unknown>> | null,
  message: string,
  detail: string | null = null,
): HookVerdict {
  if (spec.block && !spec.notificationOnly) {
    if (hook.handler.onFailure === 'block') {
      // Claude Code goes on after the first line with what went wrong (see failureDetail).
      const reason = `[${hook.label}]: ${what}; blocking because onFailure is "block"${detail === null ? '' : `\n${detail}`}`;
      return {
        status: 'blocking',
        output,
        error: reason,
        effects: { decision: spec.block.decision, reason },
      };
    }
    if (spec.anyFailureBlocks) {
      return {
        status: 'blocking',
        output,
        error: message,
        effects: { decision: spec.block.decision, reason: message },
      };
    }
  }
  return { status, output, error: message, effects: NO_EFFECTS };
}
