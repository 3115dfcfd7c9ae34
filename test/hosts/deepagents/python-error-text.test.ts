import { describe, expect, it } from 'vitest';
import { pythonJsonError, pythonUtf8Error } from '../../../src/hosts/deepagents/python-json.js';
import { pythonRepr, pythonSyntaxError } from '../../../src/hosts/deepagents/python-matcher.js';

/*
 * Python's own error text, which upstream's diagnostics carry: each expected string is what CPython 3.11's
 * json.loads, bytes.decode('utf-8') and re.compile raised for the input (recorded once from Python).
 */
const JSON_ERRORS: [string, string | null][] = [
  ['', 'Expecting value: line 1 column 1 (char 0)'],
  ['{', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
  ['{"a":1,}', 'Expecting property name enclosed in double quotes: line 1 column 8 (char 7)'],
  ['[1,]', 'Expecting value: line 1 column 4 (char 3)'],
  ['[1 2]', "Expecting ',' delimiter: line 1 column 4 (char 3)"],
  ['{a:1}', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
  ['"abc', 'Unterminated string starting at: line 1 column 1 (char 0)'],
  ['"a\\x"', 'Invalid \\escape: line 1 column 3 (char 2)'],
  ['"a\\u12"', 'Invalid \\uXXXX escape: line 1 column 4 (char 3)'],
  ['"a\nb"', 'Invalid control character at: line 1 column 3 (char 2)'],
  ['{}x', 'Extra data: line 1 column 3 (char 2)'],
  ['01', 'Extra data: line 1 column 2 (char 1)'],
  ['﻿{}', 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)'],
  ['{\n  "a": [1,\n  }', 'Expecting value: line 3 column 3 (char 15)'],
];
const UTF8_ERRORS: [number[], string | null][] = [
  [[255], "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"],
  [[97, 195], "'utf-8' codec can't decode byte 0xc3 in position 1: unexpected end of data"],
  [[226, 130], "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"],
  [[226, 40, 161], "'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte"],
  [[226, 130, 40], "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"],
  [[240, 144, 128], "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"],
];
const PATTERN_ERRORS: [string, string | null][] = [
  ['(', 'missing ), unterminated subpattern at position 0'],
  ['[a', 'unterminated character set at position 0'],
  ['*x', 'nothing to repeat at position 0'],
  ['a{2,1}', 'min repeat greater than max repeat at position 2'],
  ['Bash(', 'missing ), unterminated subpattern at position 4'],
  ['\\', 'bad escape (end of pattern) at position 0'],
  ['a)', 'unbalanced parenthesis at position 1'],
  ['x|*', 'nothing to repeat at position 2'],
  ['(?:a', 'missing ), unterminated subpattern at position 0'],
  ['ok|fine', null],
];

describe("Python's error text", () => {
  it.each(JSON_ERRORS)('json.loads(%j)', (text, message) => {
    expect(pythonJsonError(text)).toBe(message);
  });
  it.each(UTF8_ERRORS)('bytes(%j).decode()', (bytes, message) => {
    expect(pythonUtf8Error(Uint8Array.from(bytes))).toBe(message);
  });
  it.each(PATTERN_ERRORS)('re.compile(%j)', (pattern, message) => {
    expect(pythonSyntaxError(pattern)).toBe(message);
  });
  it('repr of a string', () => {
    expect(pythonRepr('(')).toBe("'('");
    expect(pythonRepr('\\')).toBe("'\\\\'");
    expect(pythonRepr("it's")).toBe('"it\'s"');
  });
});
