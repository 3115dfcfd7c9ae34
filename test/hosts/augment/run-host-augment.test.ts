import { describe, expect, it } from 'vitest';
import { AUGMENT_HOST_EVENTS } from '../../../src/hosts/augment/augment-events.js';
import { runCli } from '../../cli/run-cli.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host augment` as Auggie starts it from the entries `hookwire init augment` writes: Auggie's
 * event names and payloads (as Auggie 0.36.0 sent them, docs/hosts/augment.md; the same rules seen in the
 * real CLI: compat/augment/), its answer read as Auggie's bundled hook executor reads it.
 */
const { state, project } = hostTestProjects('augment');

const auggiePayload = (cwd: string, event: string, fields: Record<string, unknown>) => ({
  hook_event_name: event,
  conversation_id: '2c4a8093-92f3-46a6-b5bf-8f11c28638b7',
  workspace_roots: [cwd],
  ...fields,
});
const launch = {
  tool_name: 'launch-process',
  tool_input: { command: 'rm -rf build', wait: true, max_wait_seconds: 30 },
  tool_output: '[undefined]',
  tool_error: null,
  is_mcp_tool: false,
};
const run = (cwd: string, event: string, fields: Record<string, unknown> = launch) =>
  runCli(
    ['run', '--host', 'augment', '--settings', `${cwd}/.hookwire/hooks.json`, event],
    `${JSON.stringify(auggiePayload(cwd, event, fields))}\n`,
    { HOOKWIRE_STATE_DIR: state },
  );
/** A command hook that prints `text` to stderr and exits with `code`. */
const exiting = (code: number, text: string) => ({
  type: 'command',
  command: `printf '%s' '${text}' >&2; exit ${code}`,
});

describe("Auggie's events on the catalogue", () => {
  it("names Auggie's tools and their arguments as Claude Code does, and keeps Auggie's", () => {
    const payload = auggiePayload('/p', 'PreToolUse', {
      tool_name: 'save-file',
      tool_input: { path: 'a.txt', file_content: 'hi\n' },
    });
    expect(AUGMENT_HOST_EVENTS.incoming('PreToolUse', payload).payload).toEqual({
      ...payload,
      session_id: payload.conversation_id,
      cwd: '/p',
      tool_name: 'Write',
      host_tool_name: 'save-file',
      tool_input: { file_path: 'a.txt', content: 'hi\n' },
    });
    const shell = AUGMENT_HOST_EVENTS.incoming('PreToolUse', auggiePayload('/p', 'PreToolUse', launch));
    expect(shell.payload).toMatchObject({ tool_name: 'Bash', host_tool_name: 'launch-process' });
    expect(shell.payload.tool_input).toEqual(launch.tool_input);
  });

  it("takes PromptSubmit as UserPromptSubmit, the tool's output as tool_response, and a Stop as never active", () => {
    const prompt = AUGMENT_HOST_EVENTS.incoming(
      'PromptSubmit',
      auggiePayload('/p', 'PromptSubmit', { user_prompt: 'edit it' }),
    );
    expect(prompt.event).toBe('UserPromptSubmit');
    expect(prompt.payload).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      host_event_name: 'PromptSubmit',
      prompt: 'edit it',
    });
    const post = AUGMENT_HOST_EVENTS.incoming(
      'PostToolUse',
      auggiePayload('/p', 'PostToolUse', { ...launch, tool_output: 'done' }),
    );
    expect(post.payload.tool_response).toBe('done');
    const stop = AUGMENT_HOST_EVENTS.incoming(
      'Stop',
      auggiePayload('/p', 'Stop', { agent_stop_cause: 'end_turn' }),
    );
    expect(stop.payload).toMatchObject({ stop_hook_active: false, agent_stop_cause: 'end_turn' });
    expect(AUGMENT_HOST_EVENTS.fromCatalogue('UserPromptSubmit')).toBe('PromptSubmit');
    expect(AUGMENT_HOST_EVENTS.fromCatalogue('PreCompact')).toBeUndefined();
  });
});

describe.concurrent('hookwire run --host augment', () => {
  it('runs a Bash guard on launch-process: exit 2 blocks by exit 2, a deny by JSON Auggie reads', async () => {
    const byExit = await run(project(one('PreToolUse', exiting(2, 'no rm'), 'Bash')), 'PreToolUse');
    expect(byExit.code).toBe(2);
    expect(byExit.stderr).toContain('no rm');
    const deny = {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    };
    const byJson = await run(
      project(one('PreToolUse', printing({ hookSpecificOutput: deny }), 'Bash')),
      'PreToolUse',
    );
    expect(byJson.code).toBe(0);
    expect(JSON.parse(byJson.stdout).hookSpecificOutput).toEqual(deny);
  });

  it('gives a rewrite back whole: under Auggie’s keys, merged over the input the model wrote', async () => {
    const rewrite = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: 'echo safe' },
      },
    };
    const shell = await run(project(one('PreToolUse', printing(rewrite), 'Bash')), 'PreToolUse');
    expect(JSON.parse(shell.stdout).hookSpecificOutput.updatedInput).toEqual({
      command: 'echo safe',
      wait: true,
      max_wait_seconds: 30,
    });
    const write = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { file_path: 'b.txt', content: 'ho\n' },
      },
    };
    const saved = await run(project(one('PreToolUse', printing(write), 'Write')), 'PreToolUse', {
      tool_name: 'save-file',
      tool_input: { path: 'a.txt', file_content: 'hi\n', add_last_line_newline: false },
    });
    expect(JSON.parse(saved.stdout).hookSpecificOutput.updatedInput).toEqual({
      path: 'b.txt',
      file_content: 'ho\n',
      add_last_line_newline: false,
    });
  });

  it('answers an ask, which Auggie would let run, as a deny; a defer without the word Auggie cannot parse', async () => {
    const ask = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } };
    const asked = await run(project(one('PreToolUse', printing(ask), 'Bash')), 'PreToolUse');
    expect(JSON.parse(asked.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(asked.stderr).toContain('Auggie cannot ask');
    expect(asked.code).not.toBe(1);
    const defer = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' } };
    const deferred = await run(project(one('PreToolUse', printing(defer), 'Bash')), 'PreToolUse');
    expect(deferred.stdout).not.toContain('defer');
    expect(deferred.code).toBe(0);
  });

  it('puts a PostToolUse block and context where Auggie reads them: under hookSpecificOutput', async () => {
    const post = {
      decision: 'block',
      reason: 'lint failed',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'run the tests' },
    };
    const result = await run(project(one('PostToolUse', printing(post), 'Bash')), 'PostToolUse', {
      ...launch,
      tool_output: 'done',
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        decision: 'block',
        reason: 'lint failed',
        additionalContext: 'run the tests',
      },
    });
  });

  it('tells the user a Stop or prompt block Auggie cannot apply, and never exits 1', async () => {
    const stop = await run(
      project(one('Stop', printing({ decision: 'block', reason: 'tests first' }))),
      'Stop',
      { agent_stop_cause: 'end_turn' },
    );
    expect(stop.code).toBe(0);
    expect(JSON.parse(stop.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'Stop',
      decision: 'block',
      reason: 'tests first',
    });
    expect(stop.stderr).toContain('Auggie ends the turn regardless; the reason: tests first');
    const prompt = await run(project(one('UserPromptSubmit', exiting(2, 'no secrets'))), 'PromptSubmit', {
      user_prompt: 'my key is 123',
    });
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).not.toContain('hookSpecificOutput');
    expect(prompt.stderr).toContain('Auggie sends it to the model regardless; the reason:');
    expect(prompt.stderr).toContain('no secrets');
  });

  it('tells the user SessionStart context, which Auggie does not give the model', async () => {
    const start = { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'use tabs' } };
    const result = await run(project(one('SessionStart', printing(start))), 'SessionStart', {});
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('it was: use tabs');
  });
});
