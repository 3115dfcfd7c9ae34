import { beforeAll, describe, expect, it } from 'vitest';
import { bashRuleSubjects } from '../../src/select/bash-rule-subjects.js';
import { compileIfRule } from '../../src/select/if-rule.js';
import { loadShellParser } from '../../src/select/shell-parser.js';

beforeAll(() => loadShellParser());

const rule = compileIfRule('Bash(rm *)');
const matches = (command: string) =>
  rule.test({ toolName: 'Bash', toolInput: { command }, cwd: '/p', projectDir: '/p' });

describe('a Bash if rule matches every subcommand (Claude Code 2.1.332, issue: compound commands)', () => {
  it.each([
    'rm -rf x',
    'ls && rm -rf x',
    'ls || rm -rf x',
    'ls; rm -rf x',
    'ls\nrm -rf x',
    'ls & rm -rf x',
    'ls | rm -rf x',
    'ls |& rm -rf x',
    'FOO=1 rm -rf x',
    'FOO=1 BAR="a b" rm -rf x',
    'echo $(rm -rf x)',
    'echo "$(rm -rf x)"',
    'echo `rm -rf x`',
    'echo $(echo $(rm -rf x))',
    '(cd a; rm -rf x)',
    '{ ls; rm -rf x; }',
    'if true; then rm -rf x; fi',
    'for f in a b; do rm -rf "$f"; done',
    'while false; do rm -rf x; done',
    'f() { rm -rf x; }; f',
    'cat <(rm -rf x)',
    'cat <<EOF\n$(rm -rf x)\nEOF',
    'rm -rf x > /dev/null 2>&1',
    '! rm -rf x',
    'export A=$(rm -rf x)',
    '"rm" -rf x',
    "'rm' -rf x",
    'r\\m -rf x',
    // `rm *` matches the command alone too (compat G01, rmNoArgs), alone or in a compound line.
    'rm',
    'ls && rm',
    // hookwire errs toward the guard (docs/protocol.md): wrappers, paths, nested shells.
    'sudo rm -rf x',
    'sudo -u root rm -rf x',
    '/bin/rm -rf x',
    'env A=1 rm -rf x',
    'nice -n 5 rm -rf x',
    'timeout 5 rm -rf x',
    'sh -c "rm -rf x"',
    "bash -lc 'ls; rm -rf x'",
    'eval "rm -rf x"',
    // Claude Code fires every rule on a group or a process substitution (compat G01, K01-K10).
    '{ ls; }',
    'diff <(ls a) <(ls b)',
    // Unparseable: fails closed.
    'echo "unclosed',
    'ls &&',
    'ls )',
  ])('%j matches', (command) => {
    expect(matches(command)).toBe(true);
  });

  it.each([
    'ls -la',
    'ls && echo rm',
    'echo "rm -rf x"',
    "echo 'ls; rm -rf x'",
    'grep rm file',
    'ls; echo done',
    'FOO=rm ls',
    'cat rm.txt | wc -l',
    '# rm -rf x',
    'rmdir x',
    // Negative control of the bare form: another command that starts with the same letters.
    'rmdir',
    'rm_all',
  ])('%j does not match', (command) => {
    expect(matches(command)).toBe(false);
  });

  it('lists the subjects of a compound line', () => {
    expect(bashRuleSubjects('FOO=1 ls -a && echo $(rm -rf "x y")')).toEqual([
      'FOO=1 ls -a && echo $(rm -rf "x y")',
      'ls -a',
      'echo $(rm -rf "x y")',
      'rm -rf "x y"',
      'rm -rf x y',
    ]);
  });

  it('says why a line has no subjects', () => {
    expect(bashRuleSubjects('echo "a')).toEqual({ unparsed: 'syntax error' });
  });

  it('needs the parser only for a line that is more than plain words', () => {
    expect(
      rule.needsShellParser({
        toolName: 'Bash',
        toolInput: { command: 'ls -la' },
        cwd: '/p',
        projectDir: '/p',
      }),
    ).toBe(false);
    expect(
      compileIfRule('Bash').needsShellParser({
        toolName: 'Bash',
        toolInput: { command: 'a && b' },
        cwd: '/p',
        projectDir: '/p',
      }),
    ).toBe(false);
  });
});
