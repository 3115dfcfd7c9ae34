import { describe, expect, it } from 'vitest';
import { hookInput, runCli } from './run-cli.js';

const fixtures = 'test/fixtures/cli';
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

describe('hookwire run answers in the host protocol', () => {
  it('re-tells a single exit-2 block as exit 2 with the same stderr', async () => {
    const result = await runCli(
      ['run', 'PreToolUse', '--settings', `${fixtures}/exit2.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' });
  });

  it('forwards a JSON deny as a permissionDecision', async () => {
    const write = {
      tool_name: 'Write',
      tool_input: { file_path: 'a.txt', content: 'x' },
      tool_use_id: 'toolu_02',
    };
    const result = await runCli(
      ['run', '--settings', `${fixtures}/deny.json`],
      hookInput('PreToolUse', write),
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'MK_DENY no writes here',
      },
    });
  });

  it('answers plain stdout context as plain stdout', async () => {
    const result = await runCli(
      ['run', '--settings', `${fixtures}/context.json`],
      hookInput('UserPromptSubmit', { prompt: 'go' }),
    );
    expect(result).toEqual({ code: 0, stdout: 'MK_CONTEXT plain stdout\n', stderr: '' });
  });

  it('refuses an EVENT argument that disagrees with hook_event_name, without blocking', async () => {
    const result = await runCli(
      ['run', 'Stop', '--settings', `${fixtures}/exit2.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'hookwire run: the hook input is for PreToolUse but hookwire run was configured for Stop; check the settings that call it\n',
    });
  });

  it('writes an answer larger than a pipe buffer whole', async () => {
    const result = await runCli(
      ['run', '--settings', `${fixtures}/big-context.json`],
      hookInput('UserPromptSubmit', { prompt: 'go' }),
    );
    expect(result).toEqual({ code: 0, stdout: `${'x'.repeat(200_000)}\n`, stderr: '' });
  });

  it.each([
    [['run', `--settings=${fixtures}/exit2.json`]],
    [['run', '--settings', `${fixtures}/context.json`, '--settings', `${fixtures}/exit2.json`, 'PreToolUse']],
    [['run', '--settings', `${fixtures}/exit2.json`, '--', 'PreToolUse']],
  ])('reads the arguments %j', async (args) => {
    const result = await runCli(args, hookInput('PreToolUse', bash));
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' });
  });

  it.each([
    [['--setings', 'x'], "hookwire run: Unknown option '--setings'."],
    [['--settings'], "hookwire run: Option '--settings <value>' argument missing\n"],
    [['--settings', '-x'], "hookwire run: Option '--settings' argument is ambiguous."],
  ])('refuses the arguments %j as parseArgs does', async (args, message) => {
    const result = await runCli(['run', ...args], hookInput('PreToolUse', bash));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  it.each([
    ['', 'hookwire run: no hook input on stdin (expected the event as JSON)\n'],
    ['{"hook_event_name": "PreToolUse"', 'hookwire run: the hook input on stdin is not valid JSON'],
    [
      '{"hook_event_name": "PreTooluse"}',
      'hookwire run: unknown event "PreTooluse" (did you mean "PreToolUse"?)',
    ],
  ])('bad input %j is a non-blocking error with a message', async (stdin, message) => {
    const result = await runCli(['run', '--settings', `${fixtures}/exit2.json`], stdin);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to call itself for the same event, and the outer run carries on', async () => {
    const stop = { stop_hook_active: false };
    const result = await runCli(['run', '--settings', `${fixtures}/recurse.json`], hookInput('Stop', stop));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('refusing to recurse');
  }, 30_000);
});
