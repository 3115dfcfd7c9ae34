import { z } from 'zod';

/**
 * The answer a prompt or agent hook asks the model for. Unknown keys are dropped rather than rejected: a
 * model that adds a field has still answered the question.
 */
export const verdictSchema = z.object({
  ok: z.boolean().describe('true when there is no objection; false blocks the action.'),
  reason: z.string().optional().describe('Why, in one or two sentences; required when ok is false.'),
  impossible: z
    .boolean()
    .optional()
    .describe('Stop hooks only: true when the goal cannot be reached, so the agent may stop.'),
});

/** A model's verdict: `ok: false` becomes the event's block, with `reason` as its message. */
export type Verdict = z.infer<typeof verdictSchema>;

/** The verdict as a JSON Schema, for the APIs' structured-output and tool-input parameters. */
export const verdictJsonSchema: { readonly [key: string]: unknown } = withoutDialect(
  z.toJSONSchema(verdictSchema),
);

/** A parsed verdict, or a message saying what was wrong with the answer. */
export type VerdictParse =
  | { readonly ok: true; readonly verdict: Verdict }
  | { readonly ok: false; readonly error: string };

/** Validates an already-decoded value (a tool call's input, or decoded text). */
export function parseVerdictValue(value: unknown): VerdictParse {
  const parsed = verdictSchema.safeParse(value);
  if (parsed.success) return { ok: true, verdict: dropUndefined(parsed.data) };
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  return { ok: false, error: `the answer is not a verdict${where}: ${issue?.message ?? 'invalid'}` };
}

/**
 * Reads a verdict from the model's text: the whole text as one JSON object, or one fenced ```json block
 * (models without structured output often wrap their answer). Anything else is unparseable, never guessed.
 */
export function parseVerdictText(text: string): VerdictParse {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  const body = fenced?.[1] ?? trimmed;
  if (body === '') return { ok: false, error: 'the model gave an empty answer' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, error: `the answer is not JSON: ${preview(trimmed)}` };
  }
  return parseVerdictValue(value);
}

function dropUndefined(verdict: Verdict): Verdict {
  return Object.fromEntries(Object.entries(verdict).filter(([, value]) => value !== undefined)) as Verdict;
}

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  // Some OpenAI-compatible servers reject the `$schema` keyword in response_format.
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
