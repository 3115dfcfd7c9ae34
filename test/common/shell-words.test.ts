import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { quoteShellWord, quoteShellWords, splitShellWords } from '../../src/common/shell-words.js';

/** The argv `sh` itself makes of `line`. */
function shellArgv(line: string): string[] {
  const output = execFileSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8', env: {} });
  return output.split('\0').slice(0, -1);
}

describe('shell words (one module for the converter, trust messages and the env-file reader)', () => {
  it.each([
    'a b',
    `'it'\\''s'`,
    `"a \\"q\\" \\\\ b"`,
    'a\\ b',
    `one'two three'"four"`,
    'ends-with\\',
    '"a\\\nb"',
    'a\\\nb',
    `'line one\nline two'`,
  ])('reads %j as sh does', (line) => {
    expect(splitShellWords(line)).toEqual(shellArgv(line));
  });

  it.each(['echo $HOME', '"$HOME"', 'a | b', 'a; b', '*.ts', '~/bin', 'one\ntwo', `'open`, '"open'])(
    'leaves %j to a shell',
    (line) => {
      expect(splitShellWords(line)).toBeUndefined();
    },
  );

  it('quotes what sh reads back as the same argv, bare only when safe', () => {
    const argv = ['a b', "it's", '$HOME; rm -rf x', '"q"', '', 'plain-1.2', 'new\nline', 'back\\slash'];
    expect(shellArgv(quoteShellWords(argv))).toEqual(argv);
    expect(splitShellWords(quoteShellWords(argv))).toEqual(argv);
    expect(argv.map(quoteShellWord)).toEqual([
      "'a b'",
      `'it'\\''s'`,
      `'$HOME; rm -rf x'`,
      `'"q"'`,
      "''",
      'plain-1.2',
      "'new\nline'",
      "'back\\slash'",
    ]);
  });
});
