import { describe, expect, it } from 'vitest';
import { isRecord } from '../../src/common/is-record.js';
import { parseJsonObject } from '../../src/common/parse-json-object.js';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { specOf } from '../../src/events/lookup.js';
import type { Outcome } from '../../src/outcome/outcome.js';
import { toHostAnswer } from '../../src/protocol/to-host-answer.js';
import { toHttpAnswer } from '../../src/protocol/to-http-answer.js';
import { hookRun, outcome } from '../support/outcome-builder.js';

/*
 * serve's answer is an encoder of its own (it does not read what `toHostAnswer` printed), and it must say
 * what the command answer says: this is that re-reading, kept as the reference. An http hook has no exit code
 * and its plain text is an error, so exit 2 becomes the event's JSON block and plain stdout a JSON field.
 */
function commandAnswerAsJson(answered: Outcome): Record<string, unknown> {
  const host = toHostAnswer(answered);
  const printed = host.stdout.trim();
  const parse = (text: string) => (text.startsWith('{') ? (parseJsonObject(text) ?? null) : null);
  const json = parse(printed) ?? {};
  const specific = { ...(isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {}) };
  if (printed !== '' && parse(printed) === null) {
    if (specOf(answered.event).answersWorktreePath) specific.worktreePath = printed;
    else specific.additionalContext = printed;
  }
  if (host.exitCode === 2) {
    const reason = answered.reason ?? (host.stderr.trim() || 'Blocked by hook');
    const fields = specOf(answered.event).specificOutput;
    if (fields.includes('permissionDecision')) {
      specific.permissionDecision = 'deny';
      specific.permissionDecisionReason = reason;
    } else if (fields.includes('decision')) {
      specific.decision = { behavior: 'deny', message: reason };
    } else if (fields.includes('action')) {
      specific.action = 'decline';
    } else {
      json.decision = 'block';
      json.reason = reason;
    }
  }
  if (Object.keys(specific).length > 0)
    json.hookSpecificOutput = { hookEventName: answered.event, ...specific };
  return json;
}

const exitTwo = hookRun({
  index: 0,
  command: './guard.sh',
  status: 'blocking',
  exitCode: 2,
  stderr: 'not allowed\n',
  error: '[./guard.sh]: not allowed',
});
const jsonRun = hookRun({ index: 1, command: './json.sh', output: { decision: 'block' } });
const plainRun = hookRun({ index: 2, command: './plain.sh', stdout: 'context line\n' });

/** Outcomes of every shape the answer distinguishes, for one event. */
function variants(event: string): Outcome[] {
  const decisions = [null, 'allow', 'deny', 'ask', 'defer', 'block'] as const;
  const shapes: Partial<Outcome>[] = [
    {},
    { continue: false, stopReason: 'stop here', systemMessages: ['a', 'b'], suppressOutput: true },
    { additionalContext: ['context line'], runs: [plainRun], trace: { additionalContext: [2] } },
    { additionalContext: ['{"json": 1}'], runs: [jsonRun], trace: { additionalContext: [1] } },
    { additionalContext: ['from json'], runs: [jsonRun], trace: { additionalContext: [1] } },
    { updatedInput: { command: 'ls' } },
    {
      hookSpecificOutput: {
        worktreePath: '/home/user/tree',
        watchPaths: ['/a'],
        retry: true,
        action: 'accept',
        content: { a: 1 },
        updatedToolOutput: 'new',
      },
    },
    { hookSpecificOutput: { worktreePath: ' /padded ' } },
  ];
  return decisions.flatMap((decision) =>
    shapes.flatMap((shape) => [
      outcome({ event, ...shape, decision, reason: decision === null ? null : 'because' }),
      outcome({
        event,
        ...shape,
        decision,
        reason: decision === null ? null : '[./guard.sh]: not allowed',
        runs: [exitTwo, ...(shape.runs ?? [])],
        trace: { ...shape.trace, decision: [0], reason: [0] },
      }),
    ]),
  );
}

describe('toHttpAnswer', () => {
  it.each([...EVENT_NAMES, 'SomeFutureEvent'])(
    '%s: says what the command answer says, key for key',
    (event) => {
      const differing = variants(event)
        .filter(
          (answered) =>
            JSON.stringify(toHttpAnswer(answered)) !== JSON.stringify(commandAnswerAsJson(answered)),
        )
        .map((answered) => JSON.stringify(answered));
      expect(differing).toEqual([]);
    },
  );
});
