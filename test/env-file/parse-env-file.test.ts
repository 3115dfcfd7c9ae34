import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../src/env-file/parse-env-file.js';

const FILE = '/tmp/session/env';

/** What `sh` itself makes of the same text: the values the parser must agree with. */
function shellValues(text: string, names: readonly string[]): Record<string, string> {
  const script = `${text}\nprintf '%s\\0' ${names.map((name) => `"$${name}"`).join(' ')}`;
  const values = execFileSync('sh', ['-c', script], { encoding: 'utf8', env: {} }).split('\0');
  return Object.fromEntries(names.map((name, index) => [name, values[index] as string]));
}

describe('parseEnvFile', () => {
  it('reads export and plain assignments, comments and blank lines', () => {
    const text = [
      '# written by a SessionStart hook',
      '',
      'export NODE_ENV=production',
      'A=b',
      '   export  ONE=1 TWO=2   # two at once',
      'A=again',
    ].join('\n');
    expect(parseEnvFile(text, FILE)).toEqual({
      variables: { NODE_ENV: 'production', A: 'again', ONE: '1', TWO: '2' },
      warnings: [],
    });
  });

  it('removes quotes and escapes exactly as sh does', () => {
    const text = [
      `SINGLE='a "b" \\n $HOME \`x\`'`,
      `DOUBLE="a 'b' \\"c\\" \\\\ \\$HOME \\\`x\\\` \\n"`,
      'BARE=a\\ b\\$c\\\\d',
      `MIXED=one'two three'"four"`,
      `MULTI='line one\nline two'`,
      'CONTINUED=ab\\\ncd',
      'EMPTY=',
      `EQUALS="a=b=c"`,
      `HASH=a#b`,
      `GLOB=*.ts`,
    ].join('\n');
    const names = [
      'SINGLE',
      'DOUBLE',
      'BARE',
      'MIXED',
      'MULTI',
      'CONTINUED',
      'EMPTY',
      'EQUALS',
      'HASH',
      'GLOB',
    ];
    const parsed = parseEnvFile(text, FILE);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.variables).toEqual(shellValues(text, names));
  });

  it('keeps a backslash that ends the file, as sh does', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hookwire-env-')), 'env');
    writeFileSync(file, 'ENDS=a\\');
    const shell = execFileSync('sh', ['-c', '. "$0"; printf %s "$ENDS"', file], {
      encoding: 'utf8',
      env: {},
    });
    rmSync(join(file, '..'), { recursive: true, force: true });
    expect(shell).toBe('a\\');
    expect(parseEnvFile('ENDS=a\\', FILE)).toEqual({ variables: { ENDS: shell }, warnings: [] });
  });

  it('refuses expansion and command substitution with the file and line, and reads on', () => {
    const text = [
      'export OK=1',
      'export PATH="$PATH:./node_modules/.bin"',
      'NOW=$(date)',
      'OLD=`date`',
      'HOME_BIN=~/bin',
      'QUOTED="${HOME}"',
      'export LAST=2',
    ].join('\n');
    expect(parseEnvFile(text, FILE)).toEqual({
      variables: { OK: '1', LAST: '2' },
      warnings: [
        `${FILE}:2: \`$\` (expansion or command substitution) is refused: the file is read, never run; the line is ignored`,
        `${FILE}:3: \`$\` (expansion or command substitution) is refused: the file is read, never run; the line is ignored`,
        `${FILE}:4: command substitution (\`...\`) is refused: the file is read, never run; the line is ignored`,
        `${FILE}:5: \`~\` at the start of the value of HOME_BIN is refused: the file is never expanded; the line is ignored`,
        `${FILE}:6: \`$\` (expansion or command substitution) is refused: the file is read, never run; the line is ignored`,
      ],
    });
  });

  it('refuses other commands, operators, bad names and unclosed quotes, whole statements at a time', () => {
    const text = [
      'unset A',
      'export A=1; rm -rf /',
      'A=1 B=2 make',
      'export 1BAD=x',
      'export NEVER_SET',
      'export GOOD=1',
      'export GOOD',
      `OPEN='never closed`,
      'AFTER=yes',
    ].join('\n');
    expect(parseEnvFile(text, FILE)).toEqual({
      variables: { GOOD: '1', AFTER: 'yes' },
      warnings: [
        `${FILE}:1: only \`export NAME=value\` and \`NAME=value\` statements are read: \`unset\` is neither; the line is ignored`,
        `${FILE}:2: \`;\` is shell syntax hookwire does not run; the line is ignored`,
        `${FILE}:3: only \`export NAME=value\` and \`NAME=value\` statements are read: \`make\` is neither; the line is ignored`,
        `${FILE}:4: \`1BAD=x\` is not NAME=value; the line is ignored`,
        `${FILE}:5: \`export NEVER_SET\` names no variable set in this file; the line is ignored`,
        `${FILE}:8: a single quote is never closed; the line is ignored`,
      ],
    });
  });

  it('counts lines inside quotes, so later warnings still point at the right line', () => {
    const text = `A='one\ntwo'\nB="three\nfour"\nC=$X`;
    expect(parseEnvFile(text, FILE).warnings).toEqual([
      `${FILE}:5: \`$\` (expansion or command substitution) is refused: the file is read, never run; the line is ignored`,
    ]);
  });
});
