/**
 * The structural checks a function tool's JSON Schema allows without a validator library: an object, every
 * `required` property present, no property the schema does not declare when `additionalProperties` is
 * false (strict tools), and each declared property of the JSON type(s) the schema names. Nested schemas are
 * checked the same way. Returns the first problem as a sentence with its path, or null.
 *
 * The Agents SDK keeps each tool's own parser (zod, when the tool was defined with one) private; a rewritten
 * input still passes through it when the tool runs, so a zod refinement the JSON Schema cannot express is
 * caught there, as for the model's own arguments.
 */
export function checkAgainstJsonSchema(value: unknown, schema: unknown, path = 'input'): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const rules = schema as {
    type?: string | string[];
    properties?: Record<string, unknown>;
    required?: string[];
    additionalProperties?: unknown;
    items?: unknown;
    enum?: unknown[];
  };
  const types = rules.type === undefined ? [] : [rules.type].flat();
  if (types.length > 0 && !types.some((type) => isOfType(value, type)))
    return `${path} must be ${types.join(' or ')}, not ${describe(value)}`;
  if (rules.enum !== undefined && !rules.enum.some((allowed) => allowed === value))
    return `${path} must be one of ${rules.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
  if (Array.isArray(value) && rules.items !== undefined) {
    for (const [index, item] of value.entries()) {
      const problem = checkAgainstJsonSchema(item, rules.items, `${path}[${index}]`);
      if (problem !== null) return problem;
    }
  }
  if (!isOfType(value, 'object')) return null;
  const record = value as Record<string, unknown>;
  const properties = rules.properties ?? {};
  for (const name of rules.required ?? [])
    if (!(name in record)) return `${path} is missing the required property "${name}"`;
  for (const [name, item] of Object.entries(record)) {
    if (name in properties) {
      const problem = checkAgainstJsonSchema(item, properties[name], `${path}.${name}`);
      if (problem !== null) return problem;
    } else if (rules.additionalProperties === false)
      return `${path} has a property the schema does not allow: "${name}"`;
  }
  return null;
}

function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === type;
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return `${Array.isArray(value) ? 'array' : typeof value} ${JSON.stringify(value)}`;
}
