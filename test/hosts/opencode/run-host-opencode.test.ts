import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENCODE_HOST_EVENTS } from '../../../src/hosts/opencode/opencode-events.js';
import { runCli } from '../../cli/run-cli.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host opencode` as hookwire's OpenCode plugin starts it: OpenCode's hook names and the
 * plugin's payload under OpenCode's field names (as OpenCode 1.18.33 hands them to a plugin,
 * docs/hosts/opencode.md; the same rules seen in the real CLI: compat/opencode/).
 */
/** The built CLI, as the plugin starts it (`npm run build` first). */
const BUILT = ['dist/hookwire.cjs'];
const { state, project } = hostTestProjects('opencode');

const beforeTool = (cwd: string, fields: Record<string, unknown> = {}) => ({
  sessionID: 'ses_1',
  callID: 'call_1',
  tool: 'bash',
  args: { command: 'rm -rf build', description: 'clean' },
  directory: cwd,
  ...fields,
});
const run = (cwd: string, event: string, payload: Record<string, unknown>) =>
  runCli(
    ['run', '--host', 'opencode', '--settings', join(cwd, '.hookwire', 'hooks.json'), event],
    `${JSON.stringify(payload)}\n`,
    { HOOKWIRE_STATE_DIR: state, CLAUDE_PROJECT_DIR: cwd },
    BUILT,
  );

describe("OpenCode's events on the catalogue", () => {
  it('maps each plugin hook and bus event onto its catalogue event, and back', () => {
    const pairs = [
      ['session.created', 'SessionStart'],
      ['chat.message', 'UserPromptSubmit'],
      ['tool.execute.before', 'PreToolUse'],
      ['tool.execute.after', 'PostToolUse'],
      ['session.idle', 'Stop'],
      ['session.deleted', 'SessionEnd'],
    ];
    for (const [host, catalogue] of pairs) {
      expect(OPENCODE_HOST_EVENTS.toCatalogue(host ?? '')).toBe(catalogue);
      expect(OPENCODE_HOST_EVENTS.fromCatalogue(catalogue ?? '')).toBe(host);
    }
    expect(OPENCODE_HOST_EVENTS.toCatalogue('file.edited')).toBe('file.edited');
    expect(OPENCODE_HOST_EVENTS.fromCatalogue('PreCompact')).toBeUndefined();
  });

  it("gives the tool Claude Code's name and argument keys, keeping OpenCode's", () => {
    const payload = beforeTool('/p', {
      tool: 'edit',
      args: { filePath: '/p/a.ts', oldString: 'one', newString: 'two', replaceAll: false },
    });
    expect(OPENCODE_HOST_EVENTS.incoming('tool.execute.before', payload)).toEqual({
      event: 'PreToolUse',
      payload: {
        hook_event_name: 'PreToolUse',
        host_event_name: 'tool.execute.before',
        session_id: 'ses_1',
        cwd: '/p',
        tool_use_id: 'call_1',
        tool_name: 'Edit',
        host_tool_name: 'edit',
        tool_input: { file_path: '/p/a.ts', old_string: 'one', new_string: 'two', replace_all: false },
      },
      original: { event: 'tool.execute.before', payload },
    });
  });

  it("carries a tool's output, a prompt, a session's start and a Stop the plugin continued", () => {
    const after = { ...beforeTool('/p'), output: 'done', title: 'rm -rf build' };
    expect(OPENCODE_HOST_EVENTS.incoming('tool.execute.after', after).payload).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build', description: 'clean' },
      tool_response: { output: 'done', title: 'rm -rf build' },
    });
    expect(
      OPENCODE_HOST_EVENTS.incoming('chat.message', { sessionID: 's', prompt: 'hi', directory: '/p' })
        .payload,
    ).toEqual({
      hook_event_name: 'UserPromptSubmit',
      host_event_name: 'chat.message',
      session_id: 's',
      cwd: '/p',
      prompt: 'hi',
    });
    expect(OPENCODE_HOST_EVENTS.incoming('session.created', { sessionID: 's' }).payload).toMatchObject({
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    expect(
      OPENCODE_HOST_EVENTS.incoming('session.idle', { sessionID: 's', stopHookActive: true }).payload,
    ).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: true });
  });
});

describe.concurrent('hookwire run --host opencode', () => {
  it('runs a Bash guard on bash and answers its exit 2 as a block with its stderr', async () => {
    const guard = { type: 'command', command: "echo 'no rm here' >&2; exit 2" };
    const dir = project(one('PreToolUse', guard, 'Bash'));
    const result = await run(dir, 'tool.execute.before', beforeTool(dir));
    expect(result).toMatchObject({ code: 0, stdout: `${JSON.stringify({ block: 'no rm here' })}\n` });
  });

  it('answers a JSON deny with its reason, and an ask as a deny that says why', async () => {
    const deny = { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' };
    const denied = project(one('PreToolUse', printing({ hookSpecificOutput: deny })));
    expect(JSON.parse((await run(denied, 'tool.execute.before', beforeTool(denied))).stdout)).toEqual({
      block: 'no',
    });
    const ask = { ...deny, permissionDecision: 'ask', permissionDecisionReason: 'sure?' };
    const asked = project(one('PreToolUse', printing({ hookSpecificOutput: ask })));
    const answer = JSON.parse((await run(asked, 'tool.execute.before', beforeTool(asked))).stdout);
    expect(answer.block).toMatch(/^sure\? \(a hook asked to confirm this call/);
  });

  it("answers a rewrite under OpenCode's argument keys", async () => {
    const updatedInput = { file_path: '/p/b.ts', old_string: 'one', new_string: 'three' };
    const rewrite = { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput };
    const dir = project(one('PreToolUse', printing({ hookSpecificOutput: rewrite }), 'Edit'));
    const payload = beforeTool(dir, {
      tool: 'edit',
      args: { filePath: '/p/a.ts', oldString: 'one', newString: 'two' },
    });
    expect(JSON.parse((await run(dir, 'tool.execute.before', payload)).stdout)).toEqual({
      args: { filePath: '/p/b.ts', oldString: 'one', newString: 'three' },
    });
  });

  it('answers context after a tool and a Stop block as the reason to go on', async () => {
    const context = { hookEventName: 'PostToolUse', additionalContext: 'CONTEXT' };
    const post = project(one('PostToolUse', printing({ hookSpecificOutput: context })));
    const after = { ...beforeTool(post), output: 'ok', title: 't' };
    expect(JSON.parse((await run(post, 'tool.execute.after', after)).stdout)).toEqual({ context: 'CONTEXT' });
    const stop = project(one('Stop', printing({ decision: 'block', reason: 'run the tests' })));
    const answer = await run(stop, 'session.idle', { sessionID: 's', directory: stop });
    expect(JSON.parse(answer.stdout)).toEqual({ block: 'run the tests' });
  });

  it('blocks a tool call when the hooks file is not trusted, saying how to trust it', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }), false);
    const result = await run(dir, 'tool.execute.before', beforeTool(dir));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).block).toMatch(/hookwire trust/);
  });
});
