import {
  findNodeAtLocation,
  getNodeValue,
  type JSONPath,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';

/*
 * JSON parsed with positions, so that every settings message can point at a line and column. Kept apart
 * from the settings rules: this module knows JSON, not hooks. Settings files are strict JSON (as Claude
 * Code reads them), so comments and trailing commas are syntax errors.
 */

/** A 1-based line and column (columns count UTF-16 code units, as editors do). */
export interface JsonPosition {
  readonly line: number;
  readonly column: number;
}

/** A parsed JSON text: its tree, its first syntax error (if any), and a way to turn offsets into positions. */
export interface JsonDocument {
  readonly root: Node | undefined;
  readonly syntaxError: (JsonPosition & { readonly message: string }) | undefined;
  positionOf(offset: number): JsonPosition;
}

const syntaxMessages: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
  '<unknown ParseErrorCode>': 'syntax error',
};

/** Parses `text` as strict JSON, keeping node offsets. Never throws. */
export function parseJsonDocument(text: string): JsonDocument {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const lineStarts = [0];
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) === 10) lineStarts.push(index + 1);
  }
  const positionOf = (offset: number): JsonPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
  const first = errors[0];
  const syntaxError = first
    ? {
        ...positionOf(first.offset),
        message: `malformed JSON: ${syntaxMessages[printParseErrorCode(first.error)]}`,
      }
    : undefined;
  return { root: syntaxError ? undefined : root, syntaxError, positionOf };
}

/** The value node of `key` in an object node, or undefined. */
export function propertyNode(node: Node, key: string): Node | undefined {
  return findNodeAtLocation(node, [key]);
}

/** The properties of an object node, in file order. */
export function propertiesOf(node: Node): Array<{ key: string; keyNode: Node; valueNode: Node }> {
  const properties: Array<{ key: string; keyNode: Node; valueNode: Node }> = [];
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode && valueNode) properties.push({ key: String(keyNode.value), keyNode, valueNode });
  }
  return properties;
}

/** The plain JavaScript value of a node. */
export function nodeValue(node: Node): unknown {
  return getNodeValue(node);
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Renders a path as `hooks.PreToolUse[0].hooks[1]`; keys that are not identifiers are quoted; root is `$`. */
export function formatJsonPath(path: JSONPath): string {
  let rendered = '';
  for (const segment of path) {
    if (typeof segment === 'number') rendered += `[${segment}]`;
    else if (identifier.test(segment)) rendered += rendered === '' ? segment : `.${segment}`;
    else rendered += `[${JSON.stringify(segment)}]`;
  }
  return rendered === '' ? '$' : rendered;
}

export { findNodeAtLocation, type JSONPath, type Node };
