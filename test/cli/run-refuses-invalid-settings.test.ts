import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_LENGTH } from '../../src/settings/json-document.js';
import { validateFiles } from '../../src/settings/validate-settings.js';
import { hookInput, runCli } from './run-cli.js';

/*
 * Every document `validate` rejects fails closed under `hookwire run`: a PreToolUse is denied, with the
 * located error as the reason. These are the cases the issues found loading as if valid; the property over
 * mutated documents is test/fuzz/run-blocks-what-validate-rejects.test.ts.
 */

const directory = mkdtempSync(join(tmpdir(), 'hookwire-run-refuses-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };
let count = 0;

/**
 * The reason `run` denies a PreToolUse with under `text` as its settings, after checking that `validate`
 * rejects it: the check `hookwire validate FILE` makes (validateFiles, the same as the command's
 * validateNamed without plugins; its exit 1 on an error is test/settings/cli-commands.test.ts's), in this
 * process. `run` is the real process these cases are about.
 */
async function deniedBecause(text: string): Promise<string> {
  const file = join(directory, `settings-${++count}.json`);
  writeFileSync(file, text);
  const errors = validateFiles([file]).diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  expect(errors).not.toEqual([]);
  const result = await runCli(['run', '--settings', file], hookInput('PreToolUse', bash));
  expect(result.code, result.stderr).toBe(0);
  const answer = JSON.parse(result.stdout) as {
    hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
  };
  expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
  const reason = answer.hookSpecificOutput.permissionDecisionReason;
  expect(reason).toMatch(/^hookwire blocked this PreToolUse because the hook settings have errors/);
  return reason.replaceAll(`${file}:`, 'FILE:');
}

const preToolUse = (...handlers: unknown[]) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: handlers }] } });

describe('hookwire run blocks on settings that validate rejects', () => {
  it('"onFailure": "blok" on a guard that fails (regression: run loaded it as valid and exited 0)', async () => {
    const text = preToolUse({ type: 'command', command: 'exit 1', onFailure: 'blok' });
    expect(await deniedBecause(text)).toContain(
      'FILE:1:101 hooks.PreToolUse[0].hooks[0].onFailure: error: onFailure must be "block" or "continue", got "blok"',
    );
  });

  it('"async": "yes" on a handler and on a definition', async () => {
    const handler = preToolUse({ type: 'command', command: 'exit 2', async: 'yes' });
    expect(await deniedBecause(handler)).toContain(
      'hooks.PreToolUse[0].hooks[0].async: error: async must be true or false, got "yes"',
    );
    const definition = JSON.stringify({
      hooks: { PreToolUse: [{ async: 'yes', hooks: [{ type: 'command', command: 'exit 2' }] }] },
    });
    expect(await deniedBecause(definition)).toContain(
      'hooks.PreToolUse[0].async: error: async must be true or false, got "yes"',
    );
  });

  it('a key twice in a handler (regression: the first "type" was checked, the last ran)', async () => {
    const text =
      '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "exit 0", "type": "http", "url": "http://127.0.0.1:1/"}]}]}}';
    expect(await deniedBecause(text)).toContain(
      'FILE:1:79 $: error: duplicate key "type" at hooks.PreToolUse[0].hooks[0].type (first at line 1, column 39)',
    );
  });

  it('"args" twice, the last not a list (regression: it crashed run)', async () => {
    const text =
      '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "echo", "args": ["a"], "args": 5}]}]}}';
    expect(await deniedBecause(text)).toContain(
      'error: duplicate key "args" at hooks.PreToolUse[0].hooks[0].args',
    );
  });

  it('"hooks" twice at the top (regression: the first won, where JSON.parse and jq take the last)', async () => {
    const text = `{"hooks": {}, "hooks": ${preToolUse({ type: 'command', command: 'exit 2' })}}`;
    expect(await deniedBecause(text)).toContain('FILE:1:15 $: error: duplicate key "hooks" at hooks ');
  });

  it(`a file over MAX_DOCUMENT_LENGTH (${MAX_DOCUMENT_LENGTH} characters) (regression: 6 MB took 9 s per event)`, async () => {
    const text = preToolUse({ type: 'command', command: 'exit 0' }).replace(
      '"exit 0"',
      `"exit 0${' '.repeat(MAX_DOCUMENT_LENGTH)}"`,
    );
    expect(await deniedBecause(text)).toContain(
      `error: the text is ${text.length} characters long, over the limit of ${MAX_DOCUMENT_LENGTH} (1 MiB): not read`,
    );
  });

  // Issue 22: a matcher or `if` rule that cannot be compiled matched nothing, with a warning: the guard was off.
  const guardWith = (matcher: string, handler: Record<string, unknown> = {}) =>
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command: 'exit 2', ...handler }] }] },
    });

  it('a matcher with a lookahead the linear engine refuses (regression: a warning, and the guard was off)', async () => {
    const reason = await deniedBecause(guardWith('^(?!Read$).*'));
    expect(reason).toMatch(
      /\nFILE:1:36 hooks\.PreToolUse\[0\]\.matcher: error: matcher "\^\(\?!Read\$\)\.\*" .*look.*; its hooks do not load, so PreToolUse fails closed until it is fixed$/,
    );
  });

  it('a matcher with a backreference', async () => {
    expect(await deniedBecause(guardWith('(Ba)\\1sh|Bash'))).toMatch(
      /hooks\.PreToolUse\[0\]\.matcher: error: matcher "\(Ba\)\\1sh\|Bash" .*backreference.*; its hooks do not load/,
    );
  });

  it('a matcher that is no valid regular expression', async () => {
    expect(await deniedBecause(guardWith('[Bash'))).toContain(
      'hooks.PreToolUse[0].matcher: error: matcher "[Bash" is not a valid regular expression (Invalid regular expression: /[Bash/: Unterminated character class); its hooks do not load',
    );
  });

  it('an "if" rule that is not of the form Tool(pattern)', async () => {
    expect(await deniedBecause(guardWith('Bash', { if: 'Bash(rm *' }))).toContain(
      'hooks.PreToolUse[0].hooks[0].if: error: "if" rule "Bash(rm *" is not of the form Tool or Tool(pattern); this hook does not load, so PreToolUse fails closed until it is fixed',
    );
  });

  it('an "if" rule whose pattern is too large for linear time', async () => {
    const pattern = `${'a*'.repeat(4_000)}b`;
    expect(await deniedBecause(guardWith('Bash', { if: `Edit(${pattern})` }))).toMatch(
      /hooks\.PreToolUse\[0\]\.hooks\[0\]\.if: error: "if" rule "Edit\(a\*.*needs more than 10000 states to be matched in linear time; this hook does not load/,
    );
  });
});
