import { z } from 'zod';
import { HANDLER_TYPES } from '../events/handler-types.js';

/*
 * The zod schema of `Outcome` (outcome.ts), from which the published JSON Schema (schema/outcome.schema.json)
 * is rendered. A type test keeps the two mutually assignable, so neither can drift from the other.
 */

const strings = z.array(z.string()).readonly();
const jsonObject = z.record(z.string(), z.unknown());

export const runStatusSchema = z
  .enum([
    'success',
    'blocking',
    'non_blocking_error',
    'timeout',
    'skipped',
    'deduplicated',
    'cancelled',
    'running',
  ])
  .describe('How the hook ended, after its output was read under the event’s rules.');

export const hookRunSchema = z.object({
  index: z.number().int().nonnegative().describe('Position in configuration order; the trace points here.'),
  source: z.object({
    file: z.string().describe('Settings file, or a label such as <inline 1> or <code>.'),
    level: z.enum(['managed', 'user', 'project', 'local', 'explicit', 'deepagents', 'inline', 'code']),
    line: z.number().int(),
    jsonPath: z.string(),
  }),
  type: z.enum(HANDLER_TYPES),
  command: z.string().describe('The command line, URL, prompt or callback name.'),
  matcher: z.string().nullable(),
  status: runStatusSchema,
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  stdout: z.string().describe('Captured stdout, up to the capture cap.'),
  stderr: z.string(),
  stdoutTruncated: z.boolean(),
  stderrTruncated: z.boolean(),
  output: jsonObject.nullable().describe('The JSON object the hook printed or answered.'),
  error: z.string().nullable().describe('Why the hook failed, was skipped or blocked.'),
  background: z.boolean(),
  details: jsonObject.optional().describe('Handler-specific facts: http status, deliveredFrom, ...'),
});

export const outcomeSchema = z
  .object({
    event: z.string(),
    decision: z
      .enum(['allow', 'deny', 'ask', 'defer', 'block'])
      .nullable()
      .describe('The merged decision; null when no hook decided anything.'),
    reason: z.string().nullable().describe('What the agent would show for the decision.'),
    continue: z.boolean().describe('False when a hook asked to stop the agent.'),
    stopReason: z.string().nullable(),
    systemMessages: strings.describe('Messages for the user, in configuration order.'),
    additionalContext: strings.describe('Context for the model, in configuration order.'),
    updatedInput: jsonObject
      .nullable()
      .describe('The rewritten tool input; the last in configuration order.'),
    hookSpecificOutput: jsonObject.describe('The merged event-specific fields.'),
    suppressOutput: z.boolean(),
    warnings: strings,
    durationMs: z.number().nonnegative(),
    runs: z.array(hookRunSchema).readonly().describe('One entry per selected hook, in configuration order.'),
    trace: z
      .record(z.string(), z.array(z.number().int()).readonly())
      .describe('For each merged field, the indexes of the runs that produced it.'),
  })
  .describe('The one merged result of firing an event (docs/outcome.md).');

/** The JSON Schema of the outcome, as published in schema/outcome.schema.json. */
export function outcomeJsonSchema(): Record<string, unknown> {
  const { $schema, ...schema } = z.toJSONSchema(outcomeSchema) as Record<string, unknown>;
  return {
    $schema,
    $id: 'https://unpkg.com/hookwire/schema/outcome.schema.json',
    title: 'hookwire outcome',
    ...schema,
  };
}
