import type { HostAnswer } from './host-answer.js';

/**
 * A JSON answer on stdout as Claude Code-shaped hosts read it: the common fields, plus
 * `hookSpecificOutput` (led by `hookEventName`) only when there is something specific to say; nothing at all
 * on stdout when both are empty, since an empty object would still be a line the host parses.
 */
export function jsonAnswer(
  json: Readonly<Record<string, unknown>>,
  specific: Readonly<Record<string, unknown>>,
  event: string,
  stderr: string,
  exitCode: number,
): HostAnswer {
  const body = jsonBody(json, specific, event);
  const stdout = Object.keys(body).length > 0 ? `${JSON.stringify(body)}\n` : '';
  return { stdout, stderr, exitCode };
}

/**
 * The JSON body itself: the common fields, then `hookSpecificOutput` led by `hookEventName` when the
 * event's fields say anything (an http answer's body, `toHttpAnswer`).
 */
export function jsonBody(
  json: Readonly<Record<string, unknown>>,
  specific: Readonly<Record<string, unknown>>,
  event: string,
): Record<string, unknown> {
  return Object.keys(specific).length > 0
    ? { ...json, hookSpecificOutput: { hookEventName: event, ...specific } }
    : { ...json };
}
