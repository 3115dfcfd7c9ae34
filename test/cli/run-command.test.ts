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
    expect(result.stderr.slice(0, message.length)).toBe(message);
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

describe('hookwire run with broken settings fails closed', () => {
  const located = 'test/fixtures/cli/truncated.json:2:1 $: error: malformed JSON: expected "}"';

  it('blocks a tool call with the located error, and says it on stderr', async () => {
    const result = await runCli(
      ['run', '--settings', `${fixtures}/truncated.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `hookwire blocked this PreToolUse because the hook settings have errors (fail closed until they are fixed):\n${located}`,
      },
    });
    expect(result.stderr).toBe(`hookwire run: ${located}\n`);
  });

  it('blocks when the settings file does not exist', async () => {
    const result = await runCli(
      ['run', '--settings', `${fixtures}/no-such-file.json`],
      hookInput('UserPromptSubmit', { prompt: 'hi' }),
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      decision: 'block',
      reason: `hookwire blocked this UserPromptSubmit because the hook settings have errors (fail closed until they are fixed):\n${fixtures}/no-such-file.json:1:1 $: error: file not found`,
    });
  });

  it('lets the event through with --on-config-error allow, still saying why on stderr', async () => {
    const result = await runCli(
      ['run', '--settings', `${fixtures}/truncated.json`, '--on-config-error', 'allow'],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({ code: 0, stdout: '', stderr: `hookwire run: ${located}\n` });
  });
});
