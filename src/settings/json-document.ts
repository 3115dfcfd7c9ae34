import {
  findNodeAtLocation,
  getNodePath,
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

/**
 * Deeper than this, a document is refused before it is parsed. Both parsers recurse per level and a
 * 10,000-deep array overflowed the stack (a RangeError out of `validate` and the loader, found by
 * test/fuzz); real settings nest under ten levels.
 */
export const MAX_NESTING_DEPTH = 512;

/**
 * Longer than this (in UTF-16 code units: bytes, for ASCII), a text is refused before it is parsed. The
 * reader is linear (about 0.1 s per MiB of handlers on a loaded machine, docs/performance.md), but every
 * event reads every settings file, untrusted ones whole: the limit keeps a cloned repository's 100 MB file
 * from costing each event seconds, past the host's timeout. Real settings are kilobytes.
 */
export const MAX_DOCUMENT_LENGTH = 1024 * 1024;

/**
 * Parses `text` as strict JSON, keeping node offsets. A key twice in one object is an error too: JSON
 * readers disagree on which one counts (JSON.parse and jq take the last, a tree lookup the first), so the
 * value a hook is checked with could differ from the one it runs with. Never throws.
 */
export function parseJsonDocument(text: string): JsonDocument {
  const errors: ParseError[] = [];
  const tooLong = text.length > MAX_DOCUMENT_LENGTH;
  const tooDeep = tooLong || fewOpeners(text) ? undefined : offsetTooDeep(text);
  let root: Node | undefined;
  if (!tooLong && tooDeep === undefined) {
    try {
      root =
        parseStrictTree(text) ??
        parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    } catch {
      // A stack overflow the depth check did not foresee: reported as malformed rather than thrown.
      errors.push({ error: -1 as ParseError['error'], offset: 0, length: 0 });
    }
  }
  let lineStarts: number[] | undefined;
  const positionOf = (offset: number): JsonPosition => {
    lineStarts ??= lineStartsOf(text);
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
  const syntaxError = tooLong
    ? {
        ...positionOf(MAX_DOCUMENT_LENGTH),
        message: `the text is ${text.length} characters long, over the limit of ${MAX_DOCUMENT_LENGTH} (1 MiB): not read`,
      }
    : tooDeep !== undefined
      ? { ...positionOf(tooDeep), message: `malformed JSON: nested deeper than ${MAX_NESTING_DEPTH} levels` }
      : first
        ? {
            ...positionOf(first.offset),
            message: `malformed JSON: ${syntaxMessages[printParseErrorCode(first.error)]}`,
          }
        : duplicateKeyError(root, positionOf);
  return { root: syntaxError ? undefined : root, syntaxError, positionOf };
}

/** The first key that appears twice in one object (in file order of the second), as a located error. */
function duplicateKeyError(
  root: Node | undefined,
  positionOf: (offset: number) => JsonPosition,
): (JsonPosition & { readonly message: string }) | undefined {
  // Every object, each checked with one map: linear. Nesting is bounded by MAX_NESTING_DEPTH.
  const pending = root ? [root] : [];
  let duplicate: { first: Node; second: Node } | undefined;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const children = node.children ?? [];
    const found = node.type === 'object' ? repeatedKey(children) : undefined;
    if (found && (duplicate === undefined || found.second.offset < duplicate.second.offset))
      duplicate = found;
    pending.push(...children);
  }
  if (duplicate === undefined) return undefined;
  const { first, second } = duplicate;
  const firstAt = positionOf(first.offset);
  const where = formatJsonPath(getNodePath(second));
  return {
    ...positionOf(second.offset),
    message: `duplicate key ${JSON.stringify(second.value)} at ${where} (first at line ${firstAt.line}, column ${firstAt.column}): a key may appear once in an object, since JSON readers disagree on which one counts`,
  };
}

/** The first key node of an object's properties whose key an earlier one has, and that earlier one. */
function repeatedKey(properties: readonly Node[]): { first: Node; second: Node } | undefined {
  if (properties.length < 2) return undefined;
  const seen = new Map<unknown, Node>();
  for (const property of properties) {
    const keyNode = property.children?.[0];
    if (keyNode === undefined) continue;
    const first = seen.get(keyNode.value);
    if (first !== undefined) return { first, second: keyNode };
    seen.set(keyNode.value, keyNode);
  }
  return undefined;
}

const OPENER = /[[{]/g;

/**
 * Whether the text holds at most MAX_NESTING_DEPTH brackets that open (in strings or not), so that it cannot
 * nest deeper: the usual case, told by the regular expression engine's native search, where offsetTooDeep's
 * loop over every character runs in V8's interpreter on `hookwire run`'s cold start (about 2 ms for a 7 KB
 * file).
 */
function fewOpeners(text: string): boolean {
  OPENER.lastIndex = 0;
  let count = 0;
  while (OPENER.test(text)) {
    if (++count > MAX_NESTING_DEPTH) return false;
  }
  return true;
}

/** The offset of the bracket that opens level MAX_NESTING_DEPTH + 1, outside strings; undefined if none. */
function offsetTooDeep(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // a backslash escapes the next character
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 91 || code === 123) {
      if (++depth > MAX_NESTING_DEPTH) return index;
    } else if (code === 93 || code === 125) {
      depth--;
    }
  }
  return undefined;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/** Thrown inside parseStrictTree at anything it does not accept; never escapes it. */
const NOT_STRICT = new Error('not strict JSON');
/** A node while it is being built (jsonc-parser's Node is read-only). */
type Building = { -readonly [Key in keyof Node]: Node[Key] };

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * Strict JSON into the same tree jsonc-parser's parseTree builds (the same node types, offsets, lengths,
 * colon offsets, parents and children), in one pass over character codes. jsonc-parser's general scanner
 * and visitor cost several milliseconds on a settings file before the JIT warms up, and `hookwire run`
 * parses every settings file on every event. Anything else than strict JSON (a syntax error, other
 * whitespace than JSON's four) gives undefined, and jsonc-parser then parses the text for its exact errors.
 * Exported for its tests only; callers use parseJsonDocument.
 */
export function parseStrictTree(text: string): Node | undefined {
  let index = 0;

  // Native helpers (a sticky regular expression, indexOf, JSON.parse) do the per-character work.
  const skipWhitespace = (): void => {
    WHITESPACE.lastIndex = index;
    WHITESPACE.test(text);
    index = WHITESPACE.lastIndex;
  };

  const parseString = (parent: Node | undefined): Node => {
    const start = index;
    let end = text.indexOf('"', start + 1);
    // A quote preceded by an odd number of backslashes is escaped: look further.
    for (;;) {
      if (end === -1) throw NOT_STRICT;
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    index = end + 1;
    // The text passed JSON.parse: only a string with a backslash needs decoding. The search stays inside
    // the string: searching on from it to the end of the text, for every string, made reading quadratic.
    const raw = text.slice(start + 1, end);
    const value: string = raw.includes('\\') ? JSON.parse(text.slice(start, index)) : raw;
    return { type: 'string', value, offset: start, length: index - start, parent };
  };

  const parseValue = (parent: Node | undefined): Node => {
    const start = index;
    const code = text.charCodeAt(index);
    if (code === 0x7b) return parseObject(parent);
    if (code === 0x5b) return parseArray(parent);
    if (code === 0x22) return parseString(parent);
    if (text.startsWith('true', index)) return literal(parent, true, 4);
    if (text.startsWith('false', index)) return literal(parent, false, 5);
    if (text.startsWith('null', index)) return literal(parent, null, 4);
    NUMBER.lastIndex = start;
    const number = NUMBER.exec(text);
    if (number === null) throw NOT_STRICT;
    index += number[0].length;
    return { type: 'number', value: Number(number[0]), offset: start, length: index - start, parent };
  };

  const literal = (parent: Node | undefined, value: boolean | null, length: number): Node => {
    const offset = index;
    index += length;
    return { type: value === null ? 'null' : 'boolean', value, offset, length, parent };
  };

  const parseObject = (parent: Node | undefined): Node => {
    const node: Building = { type: 'object', offset: index, length: -1, parent, children: [] };
    const children = node.children as Node[];
    index++;
    skipWhitespace();
    if (text.charCodeAt(index) !== 0x7d) {
      for (;;) {
        if (text.charCodeAt(index) !== 0x22) throw NOT_STRICT;
        const property: Building = {
          type: 'property',
          offset: index,
          length: -1,
          parent: node,
          children: [],
        };
        const key = parseString(property);
        skipWhitespace();
        if (text.charCodeAt(index) !== 0x3a) throw NOT_STRICT;
        property.colonOffset = index;
        index++;
        skipWhitespace();
        const value = parseValue(property);
        property.length = value.offset + value.length - property.offset;
        property.children = [key, value];
        children.push(property);
        skipWhitespace();
        const next = text.charCodeAt(index);
        if (next === 0x7d) break;
        if (next !== 0x2c) throw NOT_STRICT;
        index++;
        skipWhitespace();
      }
    }
    index++;
    node.length = index - node.offset;
    return node;
  };

  const parseArray = (parent: Node | undefined): Node => {
    const node: Building = { type: 'array', offset: index, length: -1, parent, children: [] };
    const children = node.children as Node[];
    index++;
    skipWhitespace();
    if (text.charCodeAt(index) !== 0x5d) {
      for (;;) {
        children.push(parseValue(node));
        skipWhitespace();
        const next = text.charCodeAt(index);
        if (next === 0x5d) break;
        if (next !== 0x2c) throw NOT_STRICT;
        index++;
        skipWhitespace();
      }
    }
    index++;
    node.length = index - node.offset;
    return node;
  };

  try {
    // Native, and a gate: past it the text is strict JSON, so the walk below only has to find the offsets.
    JSON.parse(text);
    skipWhitespace();
    const root: Building = parseValue(undefined);
    skipWhitespace();
    // jsonc-parser's root has no parent property at all.
    delete root.parent;
    return index === text.length ? root : undefined;
  } catch {
    // NOT_STRICT, a bad escape (SyntaxError) or nesting too deep for the stack (RangeError).
    return undefined;
  }
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
