import { describe, expect, it } from 'vitest';
import { failClosedOnStateFault } from '../../src/engine/session-state-fault.js';
import { catalogue } from '../../src/events/catalogue.js';
import type { EventName } from '../../src/events/event-names.js';
import type { Decision } from '../../src/events/event-spec.js';
import { toHttpAnswer } from '../../src/protocol/to-http-answer.js';
import { outcome } from '../support/outcome-builder.js';

/*
 * The property (docs/serve.md, "Faults"): no event that can block is answered "allow" because the session
 * state could not be kept. Exhaustive over the class: every catalogue event that can block, every decision
 * its hooks may have reached short of the block (none, allow, and the event's other decisions), with and
 * without a rewritten input. Negative control: the same outcomes without a fault keep their decision.
 */

const FAULT =
  'session state store redis://127.0.0.1:6379/0: claiming a once hook of session s: no answer within 300 ms';

const events = Object.keys(catalogue) as EventName[];
const blocking = events.filter(
  (event) => catalogue[event].block !== null && !catalogue[event].notificationOnly,
);
const cases = blocking.flatMap((event) => {
  const spec = catalogue[event];
  const block = spec.block?.decision;
  const decisions = ([null, 'allow', ...spec.decisions] as Array<Decision | null>).filter(
    (decision, index, all) => decision !== block && all.indexOf(decision) === index,
  );
  return decisions.flatMap((decision) =>
    [null, { command: 'rm -rf /' }].map((updatedInput) => ({ event, decision, updatedInput })),
  );
});

describe('a session state fault fails every event that can block closed', () => {
  it('covers the class', () => {
    expect(blocking).toContain('PreToolUse');
    expect(blocking).toContain('Stop');
    expect(blocking).toContain('UserPromptSubmit');
    expect(cases.length).toBeGreaterThan(blocking.length);
  });

  it.each(cases)(
    '$event, hooks decided $decision: blocked, the fault located',
    ({ event, decision, updatedInput }) => {
      const spec = catalogue[event];
      const given = outcome({
        event,
        decision,
        reason: decision === null ? null : 'hooks said so',
        updatedInput,
        hookSpecificOutput: decision === 'allow' ? { decision: { behavior: 'allow' } } : {},
      });
      const failed = failClosedOnStateFault(given, [FAULT]);
      expect(failed.decision).toBe(spec.block?.decision);
      expect(failed.reason).toContain(FAULT);
      expect(failed.updatedInput).toBeNull();
      expect(failed.warnings).toContain(FAULT);
      // As Claude Code's http hook reads it: the block and the located reason, never an allow.
      // (An elicitation is declined, and its answer has no place for a reason: serve's log and the
      // outcome's warnings hold it.)
      const body = JSON.stringify(toHttpAnswer(failed));
      if (spec.specificOutput.includes('action')) expect(body).toContain('"action":"decline"');
      else expect(body).toContain('session state store redis://127.0.0.1:6379/0');
      expect(body).not.toMatch(/"(permissionDecision|behavior)":"allow"/);
    },
  );

  it.each(cases)(
    'negative control: $event, $decision without a fault is left as it is',
    ({ event, decision, updatedInput }) => {
      const given = outcome({ event, decision, updatedInput });
      expect(failClosedOnStateFault(given, [])).toBe(given);
    },
  );

  it.each(events.filter((event) => catalogue[event].block === null && !catalogue[event].notificationOnly))(
    '%s cannot block: its decision stands and the fault is told in a system message',
    (event) => {
      const failed = failClosedOnStateFault(outcome({ event }), [FAULT]);
      expect(failed.decision).toBeNull();
      expect(failed.systemMessages.join('\n')).toContain(FAULT);
    },
  );
});
