import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_NAMES, type EventName } from '../../src/events/event-names.js';
import { eventSpec, isEventName } from '../../src/events/lookup.js';
import { effectsOfOutput } from '../../src/read/effects-of-output.js';
import { readWireOutput } from '../../src/read/wire-output.js';

/*
 * The per-event schemas under schema/hooks/ (generated; generated-files.test.ts keeps them current), read back
 * through zod's JSON Schema reader: Claude Code's observed payloads fit their event's input schema, and an
 * output fits its event's output schema exactly when the reader reads it without calling it invalid.
 */

const root = join(import.meta.dirname, '..', '..');
const observed = join(root, 'test', 'fixtures', 'observed');

function committedSchema(event: string, side: 'input' | 'output'): z.ZodType {
  const text = readFileSync(join(root, 'schema', 'hooks', `${event}.${side}.schema.json`), 'utf8');
  return z.fromJSONSchema(JSON.parse(text));
}

function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const payloads = readdirSync(observed)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, JSON.parse(readFileSync(join(observed, file), 'utf8'))] as const);

describe('hook input schemas', () => {
  it('cover every catalogue event', () => {
    const files = readdirSync(join(root, 'schema', 'hooks')).sort();
    expect(files).toEqual(
      EVENT_NAMES.flatMap((event) => [`${event}.input.schema.json`, `${event}.output.schema.json`]).sort(),
    );
  });

  it.each(payloads)('accept the payload Claude Code sent: %s', (_file, payload) => {
    expect(isEventName(payload.hook_event_name)).toBe(true);
    expect(issues(committedSchema(payload.hook_event_name, 'input'), payload)).toEqual([]);
  });

  it('refuse a payload without a required field, of the wrong type, or named for another event', () => {
    const [, payload] = payloads.find(([file]) => file === 'PreToolUse.Bash.json')!;
    const schema = committedSchema('PreToolUse', 'input');
    const { tool_name: _, ...withoutToolName } = payload;
    expect(issues(schema, withoutToolName)).toEqual([
      'tool_name: Invalid input: expected string, received undefined',
    ]);
    expect(issues(schema, { ...payload, tool_input: 'ls' })).toEqual([
      'tool_input: Invalid input: expected object, received string',
    ]);
    expect(issues(schema, { ...payload, hook_event_name: 'PostToolUse' })).toEqual([
      'hook_event_name: Invalid input: expected "PreToolUse"',
    ]);
  });

  it('name a Deep Agents payload by its event key', () => {
    const schema = committedSchema('session.start', 'input');
    expect(issues(schema, { event: 'session.start', thread_id: 't1' })).toEqual([]);
    expect(issues(schema, { event: 'session.end', thread_id: 't1' })).toEqual([
      'event: Invalid input: expected "session.start"',
    ]);
  });
});

/** Values of every JSON shape the output fields take, right or wrong. */
const SAMPLES: readonly unknown[] = [
  null,
  true,
  0,
  'x',
  'allow',
  'deny',
  'defer',
  'accept',
  'approve',
  'block',
  [],
  ['a'],
  [1],
  {},
  { behavior: 'allow' },
  { behavior: 'deny', message: 'no' },
  { behavior: 'deny', message: 3 },
  { behavior: 'allow', updatedInput: 'x' },
  { behavior: 'maybe' },
];

/** Whether the reader reads `output` for `event` without calling it invalid. */
function readerAccepts(event: EventName, output: Record<string, unknown>): boolean {
  const wire = readWireOutput(output, event);
  return 'wire' in wire && 'effects' in effectsOfOutput(eventSpec(event), wire.wire);
}

describe('hook output schemas', () => {
  it.each(EVENT_NAMES.filter((event) => !eventSpec(event).notificationOnly))(
    '%s: the schema accepts exactly what the reader reads',
    (event) => {
      const schema = committedSchema(event, 'output');
      const topLevel = [
        'continue',
        'stopReason',
        'suppressOutput',
        'systemMessage',
        'decision',
        'reason',
        'additionalContext',
      ];
      const specific = [
        'hookEventName',
        ...new Set([...eventSpec(event).specificOutput, 'permissionDecision']),
      ];
      const outputs: Record<string, unknown>[] = [
        {},
        { unknownKey: 1 },
        { hookSpecificOutput: 'x' },
        { hookSpecificOutput: { hookEventName: event } },
        ...topLevel.flatMap((field) => SAMPLES.map((value) => ({ [field]: value }))),
        ...specific.flatMap((field) => SAMPLES.map((value) => ({ hookSpecificOutput: { [field]: value } }))),
      ];
      const disagreements = outputs
        .filter((output) => (issues(schema, output).length === 0) !== readerAccepts(event, output))
        .map((output) => JSON.stringify(output));
      expect(disagreements).toEqual([]);
    },
  );

  it('accept anything on a notification-only event, as nothing is read', () => {
    const schema = committedSchema('Notification', 'output');
    expect(issues(schema, { continue: 'no', hookSpecificOutput: 3 })).toEqual([]);
  });
});
