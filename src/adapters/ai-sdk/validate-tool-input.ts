import { asSchema, type FlexibleSchema } from 'ai';

/** The outcome of checking a hook's `updatedInput` against a tool's input schema. */
export type InputValidation =
  | { readonly valid: true; readonly input: unknown }
  | { readonly valid: false; readonly reason: string };

/**
 * Checks a PreToolUse `updatedInput` against the tool's own input schema, as the SDK checks the model's
 * arguments, so a hook cannot hand `execute` an input it was never written for. A schema without a
 * validator (`jsonSchema()` given no `validate`) cannot be checked here: the input must then at least be an
 * object, and is passed on as the hook wrote it.
 */
export async function validateToolInput(
  toolName: string,
  schema: FlexibleSchema<unknown> | undefined,
  input: Record<string, unknown>,
): Promise<InputValidation> {
  const validate = schema === undefined ? undefined : asSchema(schema).validate;
  if (validate === undefined) return { valid: true, input };
  const result = await validate(input);
  if (result.success) return { valid: true, input: result.value };
  return {
    valid: false,
    reason: `A PreToolUse hook rewrote the input of tool "${toolName}", and the rewritten input does not match the tool's input schema: ${result.error.message}`,
  };
}
