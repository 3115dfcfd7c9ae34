import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/common/closest-name.js';
import { displayPath } from '../../src/common/display-path.js';
import { isRecord } from '../../src/common/is-record.js';
import { parseJsonObject } from '../../src/common/parse-json-object.js';
import { diagnosticPosition, formatDiagnostic } from '../../src/settings/format-diagnostic.js';

describe('isRecord and parseJsonObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['{}', false],
    [1, false],
  ])('isRecord(%j) is %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });

  it.each([
    ['{"a":1}', { a: 1 }],
    [' {"a":1}\n', { a: 1 }],
    ['[1]', undefined],
    ['null', undefined],
    ['"{}"', undefined],
    ['{"a":', undefined],
    ['', undefined],
  ])('parseJsonObject(%j) is %j', (text, expected) => {
    expect(parseJsonObject(text)).toEqual(expected);
  });
});

describe('didYouMean', () => {
  it('names a near miss, and nothing for a name far from every candidate', () => {
    expect(didYouMean('PreToolUs', ['PreToolUse', 'Stop'])).toBe(' (did you mean "PreToolUse"?)');
    expect(didYouMean('Completely', ['PreToolUse', 'Stop'])).toBe('');
  });
});

describe('displayPath', () => {
  it.each([
    ['/project/.claude/settings.json', '.claude/settings.json'],
    ['/project', '/project'],
    ['/elsewhere/settings.json', '/elsewhere/settings.json'],
    ['relative/settings.json', 'relative/settings.json'],
    ['<inline 1>', '<inline 1>'],
  ])('%s from /project is %s', (file, expected) => {
    expect(displayPath(file, '/project')).toBe(expected);
  });
});

describe('formatDiagnostic', () => {
  const diagnostic = {
    severity: 'warning',
    file: '/project/.claude/settings.json',
    line: 9,
    column: 24,
    jsonPath: 'hooks.Stop[0]',
    message: 'something is off',
  } as const;

  it('points at the file, line, column and JSON path', () => {
    expect(formatDiagnostic(diagnostic, '/project')).toBe(
      '.claude/settings.json:9:24 hooks.Stop[0]: warning: something is off',
    );
    expect(diagnosticPosition(diagnostic)).toBe('/project/.claude/settings.json:9:24');
  });
});
