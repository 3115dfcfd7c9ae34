import { findNodeAtLocation, type JSONPath, parseTree } from 'jsonc-parser';
import { formattingOf, setJsonValue } from './json-edits.js';

/*
 * Appending to and removing from the end of a JSON array without touching any other byte. jsonc-parser's
 * `modify` reformats every line an edit touches, and an edit at the end of an array touches the line of its
 * last element: the user's own hook, which would come out re-indented. These edits only add or take away the
 * text of the element itself.
 */

/** `text` with `value` added as the last element of the array at `path` (created when missing). */
export function appendArrayElement(text: string, path: JSONPath, value: unknown): string {
  const array = arrayAt(text, path);
  const last = array?.children?.at(-1);
  if (array === undefined || last === undefined) {
    return setJsonValue(text, path, [value]);
  }
  const end = last.offset + last.length;
  const indent = lineIndent(text, last.offset);
  const { eol } = formattingOf(text);
  return `${text.slice(0, end)},${eol}${indent}${pretty(text, value, indent)}${text.slice(end)}`;
}

/** `text` without the last element of the array at `path`, and its separator; nothing else changes. */
export function removeLastArrayElement(text: string, path: JSONPath): string {
  const array = arrayAt(text, path);
  const children = array?.children ?? [];
  const last = children.at(-1);
  if (last === undefined) return text;
  const before = children.at(-2);
  if (before === undefined) return setJsonValue(text, path, []);
  return `${text.slice(0, before.offset + before.length)}${text.slice(last.offset + last.length)}`;
}

function arrayAt(text: string, path: JSONPath) {
  const tree = parseTree(text);
  const node = tree === undefined ? undefined : findNodeAtLocation(tree, path);
  return node?.type === 'array' ? node : undefined;
}

/** The whitespace that starts the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** `value` as JSON in the file's indentation, its later lines under `indent`. */
function pretty(text: string, value: unknown, indent: string): string {
  const { insertSpaces, tabSize, eol } = formattingOf(text);
  const unit = insertSpaces ? ' '.repeat(tabSize ?? 2) : '\t';
  return JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
}
