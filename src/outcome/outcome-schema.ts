import { z } from 'zod';
import type { Decision } from '../events/event-spec.js';
import { HANDLER_TYPES } from '../events/handler-types.js';
import type { SourceLevel } from '../settings/configured-hook.js';

/*
 * The outcome, written once: the types of outcome.ts are inferred from these schemas, and the published JSON
 * Schema (schema/outcome.schema.json) is rendered from them, descriptions included. A type test checks that
 * the inferred types keep the fields and the readonly-ness of the public API.
 */

const SOURCE_LEVELS = [
  'managed',
  'user',
  'project',
  'local',
  'plugin',
  'explicit',
  'deepagents',
  'inline',
  'code',
] as const satisfies readonly SourceLevel[];
const DECISIONS = ['allow', 'deny', 'ask', 'defer', 'block'] as const satisfies readonly Decision[];

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
  .describe(
    'How the hook ended, after its output was read under the event’s rules. `running`: a background (async) ' +
      'hook that was started and not awaited; its result comes back as a delivered run on a later `fire`.',
  );

export const hookRunSchema = z
  .object({
    index: z.number().int().nonnegative().describe('Position in configuration order; the trace points here.'),
    source: z.object({
      file: z.string().describe('Settings file, or a label such as <inline 1> or <code>.'),
      level: z.enum(SOURCE_LEVELS),
      line: z.number().int(),
      jsonPath: z.string(),
      plugin: z
        .object({ id: z.string(), name: z.string(), version: z.string().nullable(), root: z.string() })
        .optional()
        .describe(
          'The plugin the hook came with (level plugin): its id (name@marketplace), manifest name and version, directory.',
        ),
      scope: z
        .object({ kind: z.enum(['subagent', 'skill']), name: z.string(), agentId: z.string().nullable() })
        .optional()
        .describe(
          'The scope whose hook set it belongs to (engine.addScopedHooks): a subagent (by agent_id) or a skill run.',
        ),
    }),
    type: z.enum(HANDLER_TYPES),
    command: z.string().describe('The command line, URL, prompt or callback name.'),
    matcher: z.string().nullable(),
    status: runStatusSchema,
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable(),
    startedAtMs: z
      .number()
      .nonnegative()
      .describe(
        'When the hook started, in ms after its firing started (a delivered run: after the firing that started it).',
      ),
    durationMs: z.number().nonnegative(),
    stdout: z.string().describe('Captured stdout, up to the capture cap.'),
    stderr: z.string(),
    stdoutTruncated: z.boolean(),
    stderrTruncated: z.boolean(),
    output: jsonObject.nullable().describe('The JSON object the hook printed or answered.'),
    error: z.string().nullable().describe('Why the hook failed, was skipped or blocked.'),
    background: z.boolean(),
    details: jsonObject.optional().describe('Handler-specific facts: http status, deliveredFrom, ...'),
  })
  .describe('One configured hook, in configuration order.');

export const traceSchema = z.record(z.string(), z.array(z.number().int()).readonly());

export const outcomeSchema = z
  .object({
    event: z.string(),
    decision: z
      .enum(DECISIONS)
      .nullable()
      .describe('The merged decision; null when no hook decided anything.'),
    reason: z
      .string()
      .nullable()
      .describe('What the agent would show for the decision: for an exit-2 hook `[<command>]: <stderr>`.'),
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
    environment: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'SessionStart, Setup, CwdChanged and FileChanged, when hooks ran: the variables the session’s ' +
          'environment file (CLAUDE_ENV_FILE) sets after the event, for the host to apply to its own tool ' +
          'runs. Refused lines are in `warnings`.',
      ),
    durationMs: z.number().nonnegative(),
    runs: z.array(hookRunSchema).readonly().describe('One entry per selected hook, in configuration order.'),
    trace: traceSchema.describe('For each merged field, the indexes of the runs that produced it.'),
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
