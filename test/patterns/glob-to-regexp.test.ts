import { describe, expect, it } from 'vitest';
import { type GlobSyntax, globToRegExp } from '../../src/patterns/glob-to-regexp.js';

const TEXT: GlobSyntax = { pathAware: false };
const PATHS: GlobSyntax = { pathAware: true };
const FILES: GlobSyntax = { pathAware: true, alternatives: true, dotAll: false };

describe('globToRegExp', () => {
  it.each([
    ['git *', TEXT, 'git push origin/main', true],
    ['src/*.ts', TEXT, 'src/deep/a.ts', true],
    ['src/*.ts', PATHS, 'src/deep/a.ts', false],
    ['src/**/*.ts', PATHS, 'src/a.ts', true],
    ['src/**/*.ts', PATHS, 'src/deep/er/a.ts', true],
    ['src/**', PATHS, 'src/deep/a.ts', true],
    ['file?.md', PATHS, 'file1.md', true],
    ['a?b', TEXT, 'a/b', true],
    ['a?b', PATHS, 'a/b', false],
    ['echo *', TEXT, 'echo a\nb', true],
    ['*.{js,json}', PATHS, 'a.json', false],
    ['*.{js,json}', PATHS, 'a.{js,json}', true],
    ['*.{js,json}', FILES, 'a.json', true],
    ['*.{js,json', FILES, 'a.json', true],
    ['[ab].txt', PATHS, 'a.txt', false],
    ['[ab].txt', FILES, 'a.txt', true],
    ['[!ab].txt', FILES, 'a.txt', false],
    ['[ab.txt', FILES, '[ab.txt', true],
    ['**/x', FILES, 'a\nb/x', false],
    ['a.b', FILES, 'axb', false],
  ] as const)('%j (%j) against %j is %s', (pattern, syntax, subject, expected) => {
    expect(globToRegExp(pattern, syntax).test(subject)).toBe(expected);
  });
});
