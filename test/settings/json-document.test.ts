import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Node, type ParseError, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_LENGTH,
  MAX_NESTING_DEPTH,
  parseJsonDocument,
  parseStrictTree,
} from '../../src/settings/json-document.js';

/*
 * parseJsonDocument has its own parser for strict JSON (parseStrictTree) and asks jsonc-parser only for
 * texts it does not accept. Its trees must be jsonc-parser's, node for node, since validate's located errors
 * are built on them: these tests compare the two on real files and on tricky texts. The walker itself is
 * checked too: a walker that refused everything would still give jsonc-parser's trees through the fallback,
 * so every strict text must get its tree from the walker, and every other text must be refused by it.
 */

type Plain = { [key: string]: unknown };

/** A node without parent links (which would be cycles), after checking that every child points back. */
function plain(node: Node): Plain {
  const { parent: _parent, children, ...rest } = node;
  if (!children) return rest;
  for (const child of children) expect(child.parent).toBe(node);
  return { ...rest, children: children.map(plain) };
}

function jsoncTree(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return { root, errors };
}

/** Strict JSON: the walker's tree, and so the document's, is jsonc-parser's, node for node. */
function expectWalkedLikeJsonc(text: string): void {
  const expected = jsoncTree(text);
  expect(expected.errors, `not strict JSON: ${JSON.stringify(text).slice(0, 200)}`).toEqual([]);
  const tree = plain(expected.root!);
  const walked = parseStrictTree(text);
  expect(walked, `the walker refused strict JSON ${JSON.stringify(text).slice(0, 200)}`).toBeDefined();
  expect(plain(walked!)).toEqual(tree);
  expect(walked).not.toHaveProperty('parent');
  const document = parseJsonDocument(text);
  expect(document.syntaxError).toBeUndefined();
  expect(document.root && plain(document.root)).toEqual(tree);
}

/** Not strict JSON: the walker refuses it, and the document reports jsonc-parser's syntax error. */
function expectRefusedLikeJsonc(text: string): void {
  expect(jsoncTree(text).errors, `strict JSON: ${JSON.stringify(text)}`).not.toEqual([]);
  expect(parseStrictTree(text), `the walker accepted ${JSON.stringify(text)}`).toBeUndefined();
  const document = parseJsonDocument(text);
  expect(document.root).toBeUndefined();
  expect(document.syntaxError).toBeDefined();
}

const ROOT = join(import.meta.dirname, '..', '..');

function jsonFilesUnder(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...jsonFilesUnder(path));
    else if (entry.name.endsWith('.json')) found.push(path);
  }
  return found;
}

describe('parseJsonDocument', () => {
  it('walks the repository settings, schemas and fixtures into the same trees as jsonc-parser', () => {
    const files = [
      join(ROOT, 'package.json'),
      ...jsonFilesUnder(join(ROOT, 'examples')),
      ...jsonFilesUnder(join(ROOT, 'schema')),
      ...jsonFilesUnder(join(ROOT, 'test', 'fixtures')),
    ];
    expect(files.length).toBeGreaterThan(3);
    const refused: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (jsoncTree(text).errors.length === 0) expectWalkedLikeJsonc(text);
      else {
        expectRefusedLikeJsonc(text);
        refused.push(relative(ROOT, file));
      }
    }
    // The fixtures that are broken on purpose, and only they, go to jsonc-parser.
    expect(refused.sort()).toEqual([
      'test/fixtures/cli/truncated.json',
      'test/fixtures/settings/malformed.json',
    ]);
  });

  it('walks tricky strict JSON into the same tree as jsonc-parser', () => {
    for (const text of [
      '{}',
      '[]',
      '  {\r\n\t"a" : 1 ,"b":[ ]\n}  ',
      '"just a string"',
      '-0.5e+10',
      '[0, -1, 2.50, 1E3, 1e-3, true, false, null, "x"]',
      '{"escaped \\"key\\"": "tab\\there \\u00e9 \\ud83d\\ude00 \\\\ \\/"}',
      '{"é": "ü", "emoji": "😀", "line\\nbreak": ""}',
      '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 10}]}]}}',
      '[[[[[[{"deep": [[[]]]}]]]]]]',
    ]) {
      expectWalkedLikeJsonc(text);
    }
  });

  it('leaves texts that are not strict JSON (comments, trailing commas, ...) to jsonc-parser and its errors', () => {
    for (const text of [
      '',
      '{"a": 1,}',
      '{"a": 1 // note\n}',
      '{"a": 01}',
      '{"a": "unterminated}',
      '{"a": "bad \\x escape"}',
      '{"a": "control \u0001 character"}',
      '{"a": tru}',
      '{"a": 1} extra',
      '\u00a0{"a": 1}',
      '[1, 2,]',
      '/* note */ {"a": 1}',
      '{"a": [1, 2], /* note */ "b": 3}',
    ]) {
      expectRefusedLikeJsonc(text);
    }
    const { syntaxError } = parseJsonDocument('{\n  "a": 1,\n}');
    expect(syntaxError).toEqual({ line: 3, column: 1, message: 'malformed JSON: expected a property name' });
  });

  it('reports positions as 1-based lines and UTF-16 columns', () => {
    const text = '{\n  "é": {\r\n    "b": 1\n  }\n}';
    const document = parseJsonDocument(text);
    expect(document.positionOf(0)).toEqual({ line: 1, column: 1 });
    expect(document.positionOf(text.indexOf('"b"'))).toEqual({ line: 3, column: 5 });
    expect(document.positionOf(text.length - 1)).toEqual({ line: 5, column: 1 });
  });
});

describe('parseJsonDocument: nesting (regression: a 10,000-deep array overflowed the stack, found by test/fuzz)', () => {
  it('refuses a document nested deeper than MAX_NESTING_DEPTH with a located syntax error', () => {
    const document = parseJsonDocument(`{"hooks":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(document.root).toBeUndefined();
    expect(document.syntaxError).toEqual({
      line: 1,
      column: 9 + MAX_NESTING_DEPTH,
      message: `malformed JSON: nested deeper than ${MAX_NESTING_DEPTH} levels`,
    });
  });

  it('parses a document at exactly the limit, and ignores brackets inside strings', () => {
    const atLimit = `${'['.repeat(MAX_NESTING_DEPTH)}"[[[{{{\\"["${']'.repeat(MAX_NESTING_DEPTH)}`;
    expect(parseJsonDocument(atLimit).syntaxError).toBeUndefined();
  });
});

describe('parseJsonDocument: duplicate keys (regression: the loader checked the first "type" and ran the last)', () => {
  it('refuses a key twice in one object, at the second, naming the first', () => {
    const text = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "a",\n  "type": "http"}]}]}}';
    const document = parseJsonDocument(text);
    expect(document.root).toBeUndefined();
    expect(document.syntaxError).toEqual({
      line: 2,
      column: 3,
      message:
        'duplicate key "type" at hooks.Stop[0].hooks[0].type (first at line 1, column 33): a key may appear once in an object, since JSON readers disagree on which one counts',
    });
  });

  it('refuses a duplicate top-level "hooks", and reports the duplicate that comes first in the file', () => {
    const text = '{"hooks": {"Stop": [], "Stop": []}, "hooks": {}}';
    expect(parseJsonDocument(text).syntaxError).toMatchObject({ line: 1, column: 24 });
    expect(parseJsonDocument(text).syntaxError?.message).toMatch(/^duplicate key "Stop" at hooks\.Stop /);
    expect(parseJsonDocument('{"hooks": {}, "x": 1, "hooks": {"Stop": []}}').syntaxError).toMatchObject({
      line: 1,
      column: 23,
    });
  });

  it('compares keys as decoded strings, and allows the same key in different objects', () => {
    expect(parseJsonDocument('{"type": 1, "t\\u0079pe": 2}').syntaxError?.message).toMatch(
      /^duplicate key "type"/,
    );
    expect(parseJsonDocument('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}').syntaxError).toBeUndefined();
  });

  it("walks a text with duplicates into jsonc-parser's tree all the same (the refusal is the document's)", () => {
    const text = '{"a": 1, "a": 2}';
    expect(plain(parseStrictTree(text)!)).toEqual(plain(jsoncTree(text).root!));
  });
});

describe('parseJsonDocument: size (regression: a 6 MB file took 9 s per event)', () => {
  it(`refuses a text longer than MAX_DOCUMENT_LENGTH (${MAX_DOCUMENT_LENGTH}), located at the limit`, () => {
    const line = `${' '.repeat(1023)}\n`;
    const text = `{"hooks": {}}\n${line.repeat(MAX_DOCUMENT_LENGTH / line.length)}`;
    expect(text.length).toBeGreaterThan(MAX_DOCUMENT_LENGTH);
    const document = parseJsonDocument(text);
    expect(document.root).toBeUndefined();
    expect(document.syntaxError).toEqual({
      line: 1025,
      column: 1011,
      message: `the text is ${text.length} characters long, over the limit of ${MAX_DOCUMENT_LENGTH} (1 MiB): not read`,
    });
  });

  it('reads a text of exactly MAX_DOCUMENT_LENGTH', () => {
    const text = `{"hooks": {}}${' '.repeat(MAX_DOCUMENT_LENGTH - 13)}`;
    expect(text.length).toBe(MAX_DOCUMENT_LENGTH);
    expect(parseJsonDocument(text).syntaxError).toBeUndefined();
  });
});
