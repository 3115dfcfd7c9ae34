import { isRecord } from '../../common/is-record.js';

/** `${name.dotted.path}` as Claude Code's mcp_tool handler reads it: no spaces, no brackets, no defaults. */
const PLACEHOLDER = /\$\{([a-zA-Z_][a-zA-Z0-9_.]*)\}/g;

/**
 * An mcp_tool handler's `input` with every `${dotted.path}` in its strings replaced from the hook's input,
 * recursively through arrays and objects, as Claude Code does (since 2.1.118): a missing or null value reads
 * as `""`, an object or array as its JSON text, anything else as `String(value)`. Values that are not strings
 * (numbers, booleans, null) pass unchanged, and keys are never interpolated.
 */
export function interpolateInput(value: unknown, hookInput: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_match, path: string) => placeholderText(lookUp(hookInput, path)));
  }
  if (Array.isArray(value)) return value.map((item) => interpolateInput(item, hookInput));
  if (isRecord(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty keeps a `__proto__` key (JSON.parse makes it an own key) a key, not a prototype.
      Object.defineProperty(result, key, {
        value: interpolateInput(item, hookInput),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }
  return value;
}

function lookUp(root: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = root;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    // Own properties only: `${constructor}` or `${__proto__}` must not reach into the prototype.
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function placeholderText(found: unknown): string {
  if (found === undefined || found === null) return '';
  if (typeof found === 'object') return JSON.stringify(found);
  return String(found);
}
