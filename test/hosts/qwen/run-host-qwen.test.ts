import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QWEN_HOST_EVENTS } from '../../../src/hosts/qwen/qwen-events.js';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host qwen` as Qwen Code starts it from the entries `hookwire init qwen` writes: Claude
 * Code's event names and payload with Qwen's tool names, the project's .hookwire/hooks.json found from the
 * payload's cwd, the answer in Claude Code's protocol but for what Qwen does not apply (docs/hosts/qwen.md;
 * the same rules seen in the real CLI: compat/qwen/).
 */
/** The built CLI, as Qwen starts it (`npm run build` first). */
const BUILT = ['dist/hookwire.cjs'];
const { temporary, state, project } = hostTestProjects('qwen');

const qwenPayload = (cwd: string, fields: Record<string, unknown>) => ({
  session_id: 'qwen-session',
  transcript_path: join(cwd, 'chat.jsonl'),
  cwd,
  hook_event_name: 'PreToolUse',
  timestamp: '2026-12-04T19:52:43.153Z',
  permission_mode: 'yolo',
  tool_name: 'run_shell_command',
  tool_input: { command: 'rm -rf build', description: 'clean', is_background: false },
  tool_use_id: 'toolu_1',
  tool_call_id: 'call_1',
  ...fields,
});
const run = (cwd: string, fields: Record<string, unknown> = {}, event = 'PreToolUse') =>
  runCli(
    ['run', '--host', 'qwen', event],
    `${JSON.stringify(qwenPayload(cwd, { hook_event_name: event, ...fields }))}\n`,
    { HOOKWIRE_STATE_DIR: state },
    BUILT,
  );

describe("Qwen Code's events on the catalogue", () => {
  it("names Qwen's tools as Claude Code does and keeps Qwen's name, in a batch too", () => {
    const payload = qwenPayload('/p', {});
    const { payload: mapped } = QWEN_HOST_EVENTS.incoming('PreToolUse', payload);
    expect(mapped).toEqual({
      ...payload,
      tool_name: 'Bash',
      host_tool_name: 'run_shell_command',
      tool_input: { command: 'rm -rf build', description: 'clean', run_in_background: false },
    });
    const batch = QWEN_HOST_EVENTS.incoming('PostToolBatch', {
      tool_calls: [{ tool_name: 'edit', tool_input: { file_path: 'a' } }],
    }).payload;
    expect(batch.tool_calls).toEqual([
      { tool_name: 'Edit', host_tool_name: 'edit', tool_input: { file_path: 'a' } },
    ]);
    expect(QWEN_HOST_EVENTS.incoming('Stop', { stop_hook_active: true }).payload).toEqual({
      stop_hook_active: true,
    });
  });
});

describe.concurrent('hookwire run --host qwen', () => {
  it('runs a Bash guard on run_shell_command and answers its deny as Claude Code does', async () => {
    const dir = project(
      one(
        'PreToolUse',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no rm',
          },
        }),
        'Bash',
      ),
    );
    const result = await run(dir);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    });
  });

  it('denies a call whose input a hook rewrote, since Qwen Code would run it unchanged', async () => {
    const dir = project(
      one(
        'PreToolUse',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { command: 'rm -rf build --dry-run' },
          },
        }),
      ),
    );
    const result = await run(dir);
    const specific = JSON.parse(result.stdout).hookSpecificOutput;
    expect(specific.permissionDecision).toBe('deny');
    expect(specific.permissionDecisionReason).toMatch(/which Qwen Code does not apply before running it/);
    expect(result.stderr).toContain('which Qwen Code does not apply');
  });

  it('blocks by exit 2 with the hook stderr, and lets a crashed hook through as Qwen does', async () => {
    const blocking = project(one('PreToolUse', { type: 'command', command: "echo 'not here' >&2; exit 2" }));
    expect(await run(blocking)).toMatchObject({ code: 2, stdout: '', stderr: 'not here\n' });
    const crashing = project(one('PreToolUse', { type: 'command', command: 'echo boom >&2; exit 1' }));
    expect(await run(crashing)).toMatchObject({
      code: 0,
      stdout: '{"systemMessage":"A hook gave no usable answer, so it didn\'t check this action."}\n',
    });
  });

  it('answers nothing, at once, in a directory without a hooks file', async () => {
    const bare = join(temporary, 'no-hooks');
    mkdirSync(join(bare, '.git'), { recursive: true });
    expect(await run(bare)).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('hookwire init qwen', () => {
  it("adds hookwire to Qwen's user settings, keeps the rest, backs it up and undoes it", async () => {
    const dir = project({
      ...one('PreToolUse', { type: 'command', command: 'true' }),
      ...one('TeammateIdle', { type: 'command', command: 'true' }),
    });
    const home = join(temporary, 'qwen-home');
    mkdirSync(home);
    const before = `{
  // the user's own
  "model": { "name": "qwen3-coder" },
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard.sh" }] }]
  }
}
`;
    const file = join(home, 'settings.json');
    writeFileSync(file, before);
    const env = { QWEN_HOME: home, HOOKWIRE_STATE_DIR: state };
    const init = await runCli(['init', 'qwen', '--project', dir, '--hookwire', 'hookwire'], '', env, BUILT);
    expect(init.code).toBe(0);
    expect(init.stderr).toContain('Qwen Code has no TeammateIdle event');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain("// the user's own");
    expect(JSON.parse(text.replace(/^\s*\/\/.*$/m, '')).hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] },
      {
        hooks: [
          {
            type: 'command',
            command: guarded('hookwire run --host qwen PreToolUse', 'qwen', 'PreToolUse'),
            timeout: 600000,
          },
        ],
      },
    ]);
    expect(readFileSync(`${file}.before-hookwire`, 'utf8')).toBe(before);

    const again = await runCli(['init', 'qwen', '--project', dir, '--hookwire', 'hookwire'], '', env, BUILT);
    expect(again.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);

    const undo = await runCli(['init', 'qwen', '--undo', '--project', dir], '', env, BUILT);
    expect(undo.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('prints what it would write with --print, and writes nothing', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const home = join(temporary, 'qwen-home-print');
    const result = await runCli(
      ['init', 'qwen', '--print', '--project', dir, '--hookwire', 'hookwire'],
      '',
      { QWEN_HOME: home },
      BUILT,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"command": "hookwire run --host qwen Stop ||');
    expect(result.stdout).toContain('"timeout": 600000');
    expect(existsSync(join(home, 'settings.json'))).toBe(false);
  });
});
