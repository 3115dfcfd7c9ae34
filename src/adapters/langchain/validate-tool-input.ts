import { Validator } from '@langchain/core/utils/json_schema';

/** The part of a Standard Schema (zod 3.24+, zod 4, valibot, ...) used here. */
interface StandardSchema {
  readonly '~standard': {
    validate(value: unknown):
      | {
          readonly issues?: ReadonlyArray<{
            readonly message: string;
            readonly path?: ReadonlyArray<unknown>;
          }>;
        }
      | Promise<{
          readonly issues?: ReadonlyArray<{
            readonly message: string;
            readonly path?: ReadonlyArray<unknown>;
          }>;
        }>;
  };
}

function isStandardSchema(schema: unknown): schema is StandardSchema {
  return typeof schema === 'object' && schema !== null && '~standard' in schema;
}

function pathOf(path: ReadonlyArray<unknown> | undefined): string {
  const keys = (path ?? []).map((key) =>
    typeof key === 'object' && key !== null && 'key' in key ? String(key.key) : String(key),
  );
  return keys.length > 0 ? `${keys.join('.')}: ` : '';
}

/**
 * Checks a hook's `updatedInput` against the tool's own schema (a Standard Schema such as zod, or a JSON
 * Schema), so that a rewritten input that the tool would reject is refused with a located message instead
 * of reaching the tool. Null when valid, or when the tool has no schema to check against.
 */
export async function validateToolInput(
  schema: unknown,
  input: Record<string, unknown>,
): Promise<string | null> {
  if (isStandardSchema(schema)) {
    const result = await schema['~standard'].validate(input);
    const issues = result.issues ?? [];
    return issues.length === 0
      ? null
      : issues.map((issue) => `${pathOf(issue.path)}${issue.message}`).join('; ');
  }
  if (typeof schema !== 'object' || schema === null) return null;
  const result = new Validator(schema as ConstructorParameters<typeof Validator>[0]).validate(input);
  return result.valid
    ? null
    : result.errors.map((error) => `${error.instanceLocation}: ${error.error}`).join('; ');
}
