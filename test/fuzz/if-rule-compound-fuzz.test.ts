import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bashRuleSubjects } from '../../src/select/bash-rule-subjects.js';
import { compileIfRule } from '../../src/select/if-rule.js';
import { loadShellParser } from '../../src/select/shell-parser.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * The property of Bash `if` rules (docs/protocol.md, "if rules on Bash"): a rule that matches a simple
 * command c matches every command line that runs c, whatever surrounds it: commands before and after it
 * joined by any operator, assignments before it, and any nesting of substitutions, subshells and groups.
 * Negative control: a line built the same way from commands none of which matches does not match. Beside
 * it, on any string: the test never throws, and the subjects it tests stay within a linear budget of the
 * line's length (so the matcher's time is linear in the command).
 */

beforeAll(() => loadShellParser());

const RULE = compileIfRule('Bash(rm *)');
const matches = (command: string) =>
  RULE.test({ toolName: 'Bash', toolInput: { command }, cwd: '/p', projectDir: '/p' });

const plain = fc.stringMatching(/^[a-z0-9._/-]{1,8}$/);
/** An argument as it may be written: plain, single- or double-quoted (the value has no quote of either kind). */
const argument = fc.oneof(
  plain,
  plain.map((word) => `'${word} x'`),
  plain.map((word) => `"${word}"`),
);
const assignment = fc
  .tuple(fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,5}$/), plain)
  .map(([name, value]) => `${name}=${value}`);

/** A simple command that matches `Bash(rm *)`, with or without leading assignments. */
const matching = fc
  .tuple(fc.array(assignment, { maxLength: 2 }), fc.array(argument, { minLength: 1, maxLength: 4 }))
  .map(([assignments, args]) => [...assignments, 'rm', ...args].join(' '));
/** A simple command none of whose forms matches: its name is never `rm` (nor a wrapper or a shell). */
const other = fc
  .tuple(
    fc.array(assignment, { maxLength: 1 }),
    fc.constantFrom('ls', 'echo', 'cat', 'grep', 'true', 'rmdir', 'printf'),
    fc.array(fc.oneof(argument, fc.constant('rm')), { maxLength: 3 }),
  )
  .map(([assignments, name, args]) => [...assignments, name, ...args].join(' '));

const OPERATORS = [' && ', ' || ', '; ', '\n', ' | ', ' & ', ' |& '];
type Wrap = (inner: string) => string;
const WRAPS: readonly Wrap[] = [
  // `$( (`, not `$((`, which opens an arithmetic expansion.
  (inner) => `echo $( ${inner} )`,
  (inner) => `echo "$( ${inner} )"`,
  (inner) => `( ${inner} )`,
  (inner) => `{ ${inner}; }`, // 3: opaque
  (inner) => `if true; then ${inner}; fi`,
  (inner) => `cat <( ${inner} )`, // 5: opaque
  (inner) => `X=$( ${inner} ) ls`,
];
/** A context: what comes before and after, the operators between, and the nesting around the command. */
const context = fc.record({
  before: fc.array(other, { maxLength: 3 }),
  after: fc.array(other, { maxLength: 3 }),
  operators: fc.array(fc.constantFrom(...OPERATORS), { minLength: 6, maxLength: 6 }),
  wraps: fc.array(fc.nat(WRAPS.length - 1), { maxLength: 4 }),
  // Claude Code fires every rule on a `{ }` group or a `<( )`; the negative control leaves them out.
  opaque: fc.boolean(),
  backticks: fc.boolean(),
});

function place(command: string, around: Context): string {
  let nested = around.backticks ? `echo \`${command}\`` : command;
  for (const wrap of around.wraps) {
    if (!around.opaque && OPAQUE.has(wrap)) continue;
    nested = (WRAPS[wrap] as Wrap)(nested);
  }
  const parts = [...around.before, nested, ...around.after];
  return parts.reduce((line, part, index) => `${line}${around.operators[index - 1] ?? '; '}${part}`);
}
/** The wraps on which Claude Code fires every rule (a group, a process substitution). */
const OPAQUE = new Set([3, 5]);
type Context = {
  opaque: boolean;
  before: string[];
  after: string[];
  operators: string[];
  wraps: number[];
  backticks: boolean;
};

describe('Bash if rules and compound commands', () => {
  it('a line that runs a matching command matches, in any context', async () => {
    await fuzzCheck(
      'if: compound containing a match',
      fc.property(matching, context, (command, around) => {
        expect(matches(command)).toBe(true);
        expect(matches(place(command, around))).toBe(true);
      }),
      100,
    );
  });

  it('negative control: a line whose commands all fail to match does not match', async () => {
    await fuzzCheck(
      'if: compound without a match',
      fc.property(other, context, (command, around) => {
        expect(matches(place(command, { ...around, opaque: false }))).toBe(false);
      }),
      100,
    );
  });

  it('never throws, and tests a linear budget of subjects, on any string', async () => {
    const shellish = fc.string({
      unit: fc.constantFrom(...'rm ls;&|()$`"\'\\{}<>\n=#!*x-'.split('')),
      maxLength: 200,
    });
    await fuzzCheck(
      'if: any command line',
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), shellish), (command) => {
        expect(typeof matches(command)).toBe('boolean');
        const subjects = bashRuleSubjects(command);
        if (!('unparsed' in subjects)) {
          const total = subjects.reduce((sum, subject) => sum + subject.length + 1, 0);
          expect(total).toBeLessThanOrEqual(command.length * 64 + 65_536 + command.length + 1);
        }
      }),
      100,
    );
  });

  it('nesting hundreds deep stays within the budget (or fails closed)', () => {
    let command = 'rm -rf x';
    for (let depth = 0; depth < 400; depth++) command = `echo $(${command})`;
    expect(matches(command)).toBe(true);
    let other = 'ls';
    for (let depth = 0; depth < 2000; depth++) other = `echo $(${other})`;
    const subjects = bashRuleSubjects(other);
    expect('unparsed' in subjects ? subjects.unparsed : 'parsed').toBe('too complex');
  });
});
