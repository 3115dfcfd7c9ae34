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

  it('refuses an EVENT argument that disagrees with hook_event_name, blocking: the event may be one that can', async () => {
    const result = await runCli(
      ['run', 'Stop', '--settings', `${fixtures}/exit2.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({
      code: 2,
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
  ])('refuses the arguments %j as parseArgs does, blocking', async (args, message) => {
    const result = await runCli(['run', ...args], hookInput('PreToolUse', bash));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  it.each([
    ['', 'hookwire run: no hook input on stdin (expected the event as JSON)\n'],
    ['{"hook_event_name": "PreToolUse"', 'hookwire run: the hook input on stdin is not valid JSON'],
  ])(
    'bad input %j blocks, with a message: the event it names may be one that can',
    async (stdin, message) => {
      const result = await runCli(['run', '--settings', `${fixtures}/exit2.json`], stdin);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.slice(0, message.length)).toBe(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );

  const unknown = (event: string, hint = '') =>
    `hookwire: unknown event "${event}"${hint}: its hooks run as notifications (their output is not honoured)\n`;
  const exit2 = '"$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/exit2.sh';

  // Hosts add events faster than any catalogue: such an event runs its hooks and never fails.
  it.each([
    {
      name: 'a near miss runs its hooks; their exit 2 does not block',
      input: hookInput('PreTooluse', bash),
      stderr: `${unknown('PreTooluse', ' (did you mean "PreToolUse"?)')}hookwire: [${exit2}] MK_EXIT2 blocked by hook\n`,
    },
    {
      name: 'a new event runs its hooks; their JSON deny is not answered',
      input: hookInput('SomeNewEvent', {}),
      stderr: unknown('SomeNewEvent'),
    },
    {
      name: 'a new event without hooks',
      input: hookInput('BudgetExceeded', { spent_usd: 3 }),
      stderr: unknown('BudgetExceeded'),
    },
  ])('unknown event: $name, exit 0 and no stdout', async ({ input, stderr }) => {
    const result = await runCli(['run', '--settings', `${fixtures}/unknown-events.json`], input);
    expect(result).toEqual({ code: 0, stdout: '', stderr });
  });

  it('refuses to call itself for the same event, which fails closed: the outer run blocks with the refusal', async () => {
    const stop = { stop_hook_active: false };
    const result = await runCli(['run', '--settings', `${fixtures}/recurse.json`], hookInput('Stop', stop));
    expect(result.code).toBe(2);
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
