import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host copilot` as GitHub Copilot CLI starts it from the entries `hookwire init copilot`
 * writes: the camelCase event as the argument, Copilot's payload on stdin, the project's .hookwire/hooks.json
 * found from the payload's cwd, the answer in Copilot's shapes (docs/hosts/copilot.md; the same rules seen
 * in the real CLI: compat/copilot/).
 */
/** The built CLI, as Copilot starts it (`npm run build` first): a process per event in a few tens of ms. */
const BUILT = ['dist/hookwire.cjs'];
const { temporary, state, project } = hostTestProjects('copilot');

const run = (event: string, cwd: string, fields: Record<string, unknown>) =>
  runCli(
    ['run', '--host', 'copilot', event],
    `${JSON.stringify({ sessionId: 'copilot-session', timestamp: 1796412102533, cwd, ...fields })}\n`,
    { HOOKWIRE_STATE_DIR: state },
    BUILT,
  );
const bash = (cwd: string, command = 'rm -rf build') =>
  run('preToolUse', cwd, { toolName: 'bash', toolArgs: { command, description: 'clean' } });

describe.concurrent('hookwire run --host copilot', () => {
  it("gives a Bash hook Claude Code's payload and answers its deny in Copilot's shape", async () => {
    const seen = join(temporary, 'seen.json');
    const dir = project(
      one(
        'PreToolUse',
        {
          type: 'command',
          command: `cat > '${seen}'; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}'`,
        },
        'Bash',
      ),
    );
    const result = await bash(dir);
    expect(result).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    });
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({
      hook_event_name: 'PreToolUse',
      host_event_name: 'preToolUse',
      session_id: 'copilot-session',
      cwd: dir,
      tool_name: 'Bash',
      host_tool_name: 'bash',
      tool_input: { command: 'rm -rf build', description: 'clean' },
    });
  });

  it('answers an exit 2 block by exit 2, which Copilot enforces on preToolUse', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: "echo 'not here' >&2; exit 2" }));
    expect(await bash(dir)).toMatchObject({ code: 2, stdout: '', stderr: 'not here\n' });
  });

  it('passes an ask through (Copilot asks, or denies with no one to ask)', async () => {
    const dir = project(
      one(
        'PreToolUse',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'ask',
            permissionDecisionReason: 'sure?',
          },
        }),
      ),
    );
    expect(JSON.parse((await bash(dir)).stdout)).toEqual({
      permissionDecision: 'ask',
      permissionDecisionReason: 'sure?',
    });
  });

  it("rewrites an edit's input as modifiedArgs under Copilot's argument names", async () => {
    const dir = project(
      one(
        'PreToolUse',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { file_path: '/p/b.ts', old_string: 'a', new_string: 'c' },
          },
        }),
        'Edit',
      ),
    );
    const result = await run('preToolUse', dir, {
      toolName: 'edit',
      toolArgs: { path: '/p/a.ts', old_str: 'a', new_str: 'b' },
    });
    expect(JSON.parse(result.stdout)).toEqual({
      permissionDecision: 'allow',
      modifiedArgs: { path: '/p/b.ts', old_str: 'a', new_str: 'c' },
    });
  });

  it('turns continue: false, which preToolUse cannot say, into a deny that says why', async () => {
    const dir = project(one('PreToolUse', printing({ continue: false, stopReason: 'halt' })));
    const result = await bash(dir);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body.permissionDecision).toBe('deny');
    expect(body.permissionDecisionReason).toMatch(/^halt \(hookwire: a hook asked to stop the agent/);
    expect(result.stderr).toContain('hookwire: halt (hookwire: a hook asked to stop the agent');
  });

  it('exits 1 when a guard crashed, so Copilot denies the call as it does natively', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'echo boom >&2; exit 1' }));
    const result = await bash(dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('boom');
  });

  it("answers a prompt blocked by exit 2 with Copilot's JSON block: its exit 2 is only a warning", async () => {
    const dir = project(one('UserPromptSubmit', { type: 'command', command: 'echo "not that" >&2; exit 2' }));
    const result = await run('userPromptSubmitted', dir, { prompt: 'deploy' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ decision: 'block', reason: 'not that' });
  });

  it("blocks agentStop and gives Stop hooks Copilot's stop_hook_active", async () => {
    const dir = project(
      one('Stop', {
        type: 'command',
        command: `grep -q '"stop_hook_active":true' || printf '%s' '{"decision":"block","reason":"run the tests"}'`,
      }),
    );
    const first = await run('agentStop', dir, { stopReason: 'end_turn', stop_hook_active: false });
    expect(JSON.parse(first.stdout)).toEqual({ decision: 'block', reason: 'run the tests' });
    const again = await run('agentStop', dir, { stopReason: 'end_turn', stop_hook_active: true });
    expect(again).toMatchObject({ code: 0, stdout: '' });
  });

  it("gives postToolUse hooks the result text and answers their context; SessionStart's plain stdout too", async () => {
    const dir = project({
      ...one('PostToolUse', {
        type: 'command',
        command: `jq -c '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: ("saw " + .tool_response)}}'`,
      }),
      ...one('SessionStart', { type: 'command', command: 'echo remember-this' }),
    });
    const post = await run('postToolUse', dir, {
      toolName: 'bash',
      toolArgs: { command: 'ls' },
      toolResult: { resultType: 'success', textResultForLlm: 'two files' },
    });
    expect(JSON.parse(post.stdout)).toEqual({ additionalContext: 'saw two files' });
    const start = await run('sessionStart', dir, { source: 'new' });
    expect(JSON.parse(start.stdout)).toEqual({ additionalContext: 'remember-this' });
  });

  it("answers a PermissionRequest deny as Copilot's behavior and message", async () => {
    const dir = project(
      one(
        'PermissionRequest',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PermissionRequest',
            decision: { behavior: 'deny', message: 'not on main' },
          },
        }),
      ),
    );
    const result = await run('permissionRequest', dir, {
      hookName: 'permissionRequest',
      toolName: 'bash',
      toolInput: { command: 'git push' },
      permissionSuggestions: [],
    });
    expect(JSON.parse(result.stdout)).toEqual({ behavior: 'deny', message: 'not on main' });
  });

  it('fails closed on an untrusted hooks file: the call is blocked with the trust command', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }), false);
    const result = await bash(dir);
    const told =
      result.code === 2 ? result.stderr : String(JSON.parse(result.stdout).permissionDecisionReason);
    expect(told).toContain('hookwire trust');
  });

  it('answers nothing, at once, in a directory without a hooks file', async () => {
    const bare = join(temporary, 'no-hooks');
    mkdirSync(join(bare, '.git'), { recursive: true });
    expect(await bash(bare)).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('hookwire init copilot', () => {
  it("writes Copilot's user hooks file for the project's events, keeps other projects' and undoes it", async () => {
    const dir = project({
      ...one('PreToolUse', { type: 'command', command: 'true' }),
      ...one('Stop', { type: 'command', command: 'true' }),
      ...one('TeammateIdle', { type: 'command', command: 'true' }),
    });
    const home = join(temporary, 'copilot-home');
    const env = { COPILOT_HOME: home, HOOKWIRE_STATE_DIR: state };
    const file = join(home, 'hooks', 'hookwire.json');
    const init = await runCli(
      ['init', 'copilot', '--project', dir, '--hookwire', 'hookwire'],
      '',
      env,
      BUILT,
    );
    expect(init.code).toBe(0);
    expect(init.stderr).toContain('GitHub Copilot CLI has no TeammateIdle event');
    const entry = (event: string) => [
      {
        type: 'command',
        bash: guarded(`hookwire run --host copilot ${event}`, 'copilot', event),
        timeoutSec: 600,
      },
    ];
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      hooks: { preToolUse: entry('preToolUse'), agentStop: entry('agentStop') },
    });

    const other = project(one('SessionStart', { type: 'command', command: 'true' }));
    await runCli(['init', 'copilot', '--project', other, '--hookwire', 'hookwire'], '', env, BUILT);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).hooks)).toEqual([
      'sessionStart',
      'preToolUse',
      'agentStop',
    ]);

    const undo = await runCli(['init', 'copilot', '--undo', '--project', dir], '', env, BUILT);
    expect(undo.code).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('prints what it would write with --print, and writes nothing', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    const home = join(temporary, 'copilot-home-print');
    const result = await runCli(
      ['init', 'copilot', '--print', '--project', dir, '--hookwire', 'hookwire'],
      '',
      { COPILOT_HOME: home },
      BUILT,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"bash": "hookwire run --host copilot preToolUse ||');
    expect(existsSync(join(home, 'hooks'))).toBe(false);
  });

  it("refuses to rewrite a hookwire.json that holds someone else's hooks", async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    const home = join(temporary, 'copilot-home-foreign');
    mkdirSync(join(home, 'hooks'), { recursive: true });
    const foreign = JSON.stringify({
      version: 1,
      hooks: { preToolUse: [{ type: 'command', bash: 'guard.sh' }] },
    });
    writeFileSync(join(home, 'hooks', 'hookwire.json'), foreign);
    const result = await runCli(['init', 'copilot', '--project', dir], '', { COPILOT_HOME: home }, BUILT);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('holds hooks that hookwire did not write');
    expect(readFileSync(join(home, 'hooks', 'hookwire.json'), 'utf8')).toBe(foreign);
  });

  it("says when the project's Claude Code settings call hookwire too, which Copilot runs in a trusted folder", async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    mkdirSync(join(dir, '.claude'));
    writeFileSync(
      join(dir, '.claude', 'settings.json'),
      JSON.stringify(one('PreToolUse', { type: 'command', command: 'hookwire run --settings x PreToolUse' })),
    );
    const home = join(temporary, 'copilot-home-claude');
    const result = await runCli(
      ['init', 'copilot', '--project', dir, '--hookwire', 'hookwire'],
      '',
      {
        COPILOT_HOME: home,
        HOOKWIRE_STATE_DIR: state,
      },
      BUILT,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('each hook would run twice');
  });
});
