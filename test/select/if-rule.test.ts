import { beforeAll, describe, expect, it } from 'vitest';
import { compileIfRule } from '../../src/select/if-rule.js';
import { loadShellParser } from '../../src/select/shell-parser.js';

beforeAll(() => loadShellParser());

const cwd = '/project/src';
const projectDir = '/project';

// [rule, tool, input, matches]
const cases: Array<[string, string, Record<string, unknown>, boolean]> = [
  ['Bash', 'Bash', { command: 'rm -rf /' }, true],
  ['Bash', 'Edit', { file_path: 'a.ts' }, false],
  ['Bash(git *)', 'Bash', { command: 'git status' }, true],
  ['Bash(git *)', 'Bash', { command: 'git push origin main/x' }, true],
  ['Bash(git *)', 'Bash', { command: 'npm test' }, false],
  ['Bash(git *)', 'Bash', { command: 'gitk' }, false],
  ['Bash(npm run test:*)', 'Bash', { command: 'npm run test' }, true],
  ['Bash(npm run test:*)', 'Bash', { command: 'npm run test -- --watch' }, true],
  ['Bash(npm run test:*)', 'Bash', { command: 'npm run testing' }, false],
  ['Bash(*)', 'Bash', { command: 'anything' }, true],
  ['Edit(*.ts)', 'Edit', { file_path: '/project/src/a.ts' }, true],
  ['Edit(*.ts)', 'Edit', { file_path: '/project/src/a.js' }, false],
  ['Edit(*.ts)', 'Write', { file_path: '/project/src/a.ts' }, false],
  ['Write(src/**/*.ts)', 'Write', { file_path: '/project/src/deep/a.ts' }, true],
  ['Write(src/**/*.ts)', 'Write', { file_path: '/project/src/a.ts' }, true],
  ['Write(src/*.ts)', 'Write', { file_path: '/project/src/deep/a.ts' }, false],
  ['Read(.env)', 'Read', { file_path: '/project/.env' }, true],
  ['Read(//etc/*)', 'Read', { file_path: '/etc/passwd' }, true],
  ['Read(/etc/*)', 'Read', { file_path: '/etc/passwd' }, false],
  ['Read(/etc/*)', 'Read', { file_path: '/project/etc/passwd' }, true],
  ['Edit(a.ts)', 'Edit', { file_path: 'a.ts' }, true],
  ['NotebookEdit(*.ipynb)', 'NotebookEdit', { notebook_path: '/project/n.ipynb' }, true],
  ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://example.com/a' }, true],
  ['WebFetch(domain:example.com)', 'WebFetch', { url: 'https://evil.com/example.com' }, false],
  ['WebFetch(domain:*.example.com)', 'WebFetch', { url: 'https://docs.example.com/a' }, true],
  ['WebFetch(https://example.com/*)', 'WebFetch', { url: 'https://example.com/a/b' }, true],
  ['Grep(TODO*)', 'Grep', { pattern: 'TODO:' }, false],
  ['Grep(/src)', 'Grep', { pattern: 'TODO:' }, true],
  ['Grep(/src/**)', 'Grep', { pattern: 'TODO:', path: 'deep' }, true],
  ['Grep(/lib/**)', 'Grep', { pattern: 'TODO:' }, false],
  ['Glob(src/*)', 'Glob', { pattern: '**/*.md', path: '/project/src/x' }, true],
  ['mcp__github__*', 'mcp__github__create_issue', {}, false],
  ['mcp__github', 'mcp__github__create_issue', {}, true],
  ['mcp__github', 'mcp__githubx__create_issue', {}, false],
  ['mcp__github__create_issue', 'mcp__github__create_issue', {}, true],
  ['mcp__github__create_issue(*secret*)', 'mcp__github__create_issue', { title: 'a secret' }, true],
  ['Task', 'Agent', { prompt: 'look' }, true],
  ['Agent', 'Task', { prompt: 'look' }, true],
  ['KillShell', 'TaskStop', {}, true],
  ['Edit(*.ts)', 'MultiEdit', { file_path: '/project/src/a.ts' }, false],
  ['Read(*.ts)', 'Grep', { path: '/project/src/a.ts' }, false],
  ['Agent(Explore)', 'Agent', { subagent_type: 'Explore', prompt: 'look' }, true],
];

describe('compileIfRule', () => {
  it.each(cases)('%s on %s %j → %j', (rule, toolName, toolInput, expected) => {
    expect(compileIfRule(rule).test({ toolName, toolInput, cwd, projectDir })).toBe(expected);
  });

  it('reports a rule it cannot read', () => {
    const rule = compileIfRule('Bash(git *');
    expect(rule.warning).toBe(
      '"if" rule "Bash(git *" is not of the form Tool or Tool(pattern); it matches nothing',
    );
    expect(rule.test({ toolName: 'Bash', toolInput: { command: 'git x' }, cwd, projectDir })).toBe(false);
  });
});
