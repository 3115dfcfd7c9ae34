import { applyEdits, type FormattingOptions, type JSONPath, modify } from 'jsonc-parser';

/**
 * The indentation and line ends a JSON text already uses (its first indented line), so that edits keep
 * the file's own style; two spaces and `\n` for a text that shows none.
 */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * `text` with the value at `path` set (undefined removes it), changing nothing else of the text: every
 * other key keeps its bytes. jsonc-parser writes the new value in the file's own formatting.
 */
export function setJsonValue(text: string, path: JSONPath, value: unknown): string {
  const edits = modify(text, path, value, { formattingOptions: formattingOf(text) });
  return applyEdits(text, edits);
}

/** `text` with `value` appended to the array at `path` (created when missing). */
export function appendJsonValue(text: string, path: JSONPath, value: unknown): string {
  const edits = modify(text, [...path, -1], value, {
    formattingOptions: formattingOf(text),
    isArrayInsertion: true,
  });
  return applyEdits(text, edits);
}
