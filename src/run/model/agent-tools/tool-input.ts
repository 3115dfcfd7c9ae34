import { z } from 'zod';

/** A tool's zod input schema as the JSON Schema the APIs want (without the `$schema` keyword). */
export function toolInputSchema(schema: z.ZodType): { readonly [key: string]: unknown } {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

/** Validates a tool call's input; the error text goes back to the model so it can correct the call. */
export function parseToolInput<T>(
  schema: z.ZodType<T>,
  toolName: string,
  input: unknown,
): { ok: true; value: T } | { ok: false; error: string } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const details = parsed.error.issues
    .map((issue) => `${issue.path.length === 0 ? 'input' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  return { ok: false, error: `invalid input for ${toolName}: ${details}` };
}
