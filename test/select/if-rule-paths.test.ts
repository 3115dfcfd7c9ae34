import { describe, expect, it } from 'vitest';
import { compileIfRule } from '../../src/select/if-rule.js';

/*
 * Path rules, exhaustively over the anchoring forms of Claude Code's permission rules × the file tools: a
 * rule fires only on its own tool (Edit not on Write, Read not on Grep), on the tool's own field (file_path,
 * notebook_path, path), and each form anchors where Claude Code anchors it: `/` the project root, `//` the
 * filesystem root, `~/` the home directory, `./` or a relative path the cwd, a bare name any depth.
 */
const projectDir = '/srv/project';
const home = '/home/user';
const FIELDS: Record<string, string> = {
  Read: 'file_path',
  Edit: 'file_path',
  Write: 'file_path',
  NotebookEdit: 'notebook_path',
  Glob: 'path',
  Grep: 'path',
};
const TOOLS = Object.keys(FIELDS);

// [pattern, cwd, file (as the tool gives it), matches]
const FORMS: Array<[string, string, string, boolean]> = [
  ['/src/**', projectDir, `${projectDir}/src/a.txt`, true],
  ['/src/**', `${projectDir}/src`, 'deep/a.txt', true],
  ['/src/**', projectDir, '/src/a.txt', false],
  ['/src/**', projectDir, `${projectDir}/lib/src/a.txt`, false],
  ['//src/**', projectDir, '/src/a.txt', true],
  ['//src/**', projectDir, `${projectDir}/src/a.txt`, false],
  [`/${projectDir}/src/*.txt`, projectDir, 'src/a.txt', true],
  ['~/notes/**', projectDir, `${home}/notes/a.txt`, true],
  ['~/notes/**', projectDir, `${projectDir}/notes/a.txt`, false],
  ['./src/**', projectDir, 'src/a.txt', true],
  ['./src/**', projectDir, `${projectDir}/src/a.txt`, true],
  ['src/**', projectDir, `${projectDir}/src/a.txt`, true],
  ['src/*.txt', projectDir, `${projectDir}/src/deep/a.txt`, false],
  ['src/**', projectDir, '/elsewhere/src/a.txt', false],
  ['*.txt', projectDir, '/anywhere/deep/a.txt', true],
  ['*.txt', projectDir, `${projectDir}/a.md`, false],
  ['a.txt', projectDir, `${projectDir}/x/y/a.txt`, true],
];

const cases = TOOLS.flatMap((ruleTool) =>
  TOOLS.flatMap((callTool) =>
    FORMS.map(([pattern, cwd, file, matches]) => ({
      rule: `${ruleTool}(${pattern})`,
      callTool,
      cwd,
      file,
      expected: ruleTool === callTool && matches,
    })),
  ),
);

describe('path rules: anchoring forms × tools', () => {
  it.each(cases)(
    '$rule on $callTool $file (cwd $cwd) → $expected',
    ({ rule, callTool, cwd, file, expected }) => {
      const test = compileIfRule(rule, home).test;
      const field = FIELDS[callTool] as string;
      expect(test({ toolName: callTool, toolInput: { [field]: file }, cwd, projectDir })).toBe(expected);
      // Negative control: the same call with the file in another field than the tool's matches nothing.
      const otherField = field === 'path' ? 'file_path' : 'path';
      if (field !== 'path')
        expect(test({ toolName: callTool, toolInput: { [otherField]: file }, cwd, projectDir })).toBe(false);
    },
  );
});
