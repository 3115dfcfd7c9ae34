import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROID_HOST_EVENTS } from '../../../src/hosts/droid/droid-events.js';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host droid` as Factory Droid starts it from the entries `hookwire init droid` writes:
 * Claude Code's event names and payload with Droid's tool names (payloads as Droid 0.225.2 sent them,
 * docs/hosts/droid.md; the same rules seen in the real CLI: compat/droid/).
 */
/** The built CLI, as Droid starts it (`npm run build` first). */
const BUILT = ['dist/hookwire.cjs'];
const { state, project } = hostTestProjects('droid');

const droidPayload = (cwd: string, fields: Record<string, unknown>) => ({
  session_id: 'droid-session',
  transcript_path: join(cwd, 'session.jsonl'),
  cwd,
  permission_mode: 'auto-high',
  hook_event_name: 'PreToolUse',
  tool_name: 'Execute',
  tool_input: {
    summary: 'Clean the build',
    command: 'rm -rf build',
    riskLevel: 'medium',
    riskLevelReason: 'removes files',
  },
  ...fields,
});
const run = (cwd: string, fields: Record<string, unknown> = {}, event = 'PreToolUse') =>
  runCli(
    ['run', '--host', 'droid', '--settings', join(cwd, '.hookwire', 'hooks.json'), event],
    `${JSON.stringify(droidPayload(cwd, { hook_event_name: event, ...fields }))}\n`,
    { HOOKWIRE_STATE_DIR: state, CLAUDE_PROJECT_DIR: cwd },
    BUILT,
  );
const edit = { tool_name: 'Edit', tool_input: { file_path: '/p/a.ts', old_str: 'one', new_str: 'two' } };

describe("Factory Droid's events on the catalogue", () => {
  it("names Droid's tools as Claude Code does, their arguments too, and keeps Droid's name", () => {
    const payload = droidPayload('/p', edit);
    expect(DROID_HOST_EVENTS.incoming('PreToolUse', payload).payload).toEqual({
      ...payload,
      tool_name: 'Edit',
      tool_input: { file_path: '/p/a.ts', old_string: 'one', new_string: 'two' },
    });
    const shell = DROID_HOST_EVENTS.incoming('PreToolUse', droidPayload('/p', {})).payload;
    expect(shell).toMatchObject({ tool_name: 'Bash', host_tool_name: 'Execute' });
    const create = DROID_HOST_EVENTS.incoming('PreToolUse', { tool_name: 'Create', tool_input: {} }).payload;
    expect(create).toMatchObject({ tool_name: 'Write', host_tool_name: 'Create' });
    expect(DROID_HOST_EVENTS.incoming('Stop', { stop_hook_active: true }).payload).toEqual({
      stop_hook_active: true,
    });
  });
});

describe.concurrent('hookwire run --host droid', () => {
  it('runs a Bash guard on Execute and answers its deny as Claude Code does', async () => {
    const deny = {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    };
    const dir = project(one('PreToolUse', printing({ hookSpecificOutput: deny }), 'Bash'));
    const result = await run(dir);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput).toEqual(deny);
  });

  it("gives a rewritten Edit back under Droid's argument names", async () => {
    const dir = project(
      one(
        'PreToolUse',
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { file_path: '/p/a.ts', old_string: 'one', new_string: 'three' },
          },
        }),
        'Edit',
      ),
    );
    const result = await run(dir, edit);
    expect(JSON.parse(result.stdout).hookSpecificOutput.updatedInput).toEqual({
      file_path: '/p/a.ts',
      old_str: 'one',
      new_str: 'three',
    });
  });

  it('blocks by exit 2 with the hook stderr, and lets a crashed hook through', async () => {
    const blocking = project(one('PreToolUse', { type: 'command', command: "echo 'not here' >&2; exit 2" }));
    expect(await run(blocking)).toMatchObject({ code: 2, stdout: '', stderr: 'not here\n' });
    const crashing = project(one('PreToolUse', { type: 'command', command: 'echo boom >&2; exit 1' }));
    const crashed = await run(crashing);
    expect(crashed.code).toBe(0);
    expect(crashed.stdout).not.toContain('deny');
  });
});

describe('hookwire init droid', () => {
  it("adds hookwire to the project's .factory/settings.json, keeps the rest, and undoes it byte for byte", async () => {
    const dir = project({
      ...one('PreToolUse', { type: 'command', command: 'true' }),
      ...one('TeammateIdle', { type: 'command', command: 'true' }),
    });
    mkdirSync(join(dir, '.factory'));
    const before = `{
  // the user's own
  "model": "custom:stand-in",
  "hooks": {
    "PreToolUse": [{ "matcher": "Execute", "hooks": [{ "type": "command", "command": "guard.sh" }] }]
  }
}
`;
    const file = join(dir, '.factory', 'settings.json');
    writeFileSync(file, before);
    const env = { HOOKWIRE_STATE_DIR: state };
    const init = await runCli(['init', 'droid', '--project', dir, '--hookwire', 'hookwire'], '', env, BUILT);
    expect(init.code).toBe(0);
    expect(init.stderr).toContain('Factory Droid has no TeammateIdle event');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain("// the user's own");
    expect(JSON.parse(text.replace(/^\s*\/\/.*$/m, '')).hooks.PreToolUse).toEqual([
      { matcher: 'Execute', hooks: [{ type: 'command', command: 'guard.sh' }] },
      {
        hooks: [
          {
            type: 'command',
            command: guarded(
              `hookwire run --host droid --settings ${join(dir, '.hookwire', 'hooks.json')} PreToolUse`,
              'droid',
              'PreToolUse',
            ),
            timeout: 600,
          },
        ],
      },
    ]);

    const again = await runCli(['init', 'droid', '--project', dir, '--hookwire', 'hookwire'], '', env, BUILT);
    expect(again.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);

    const undo = await runCli(
      ['init', 'droid', '--undo', '--project', dir, '--hookwire', 'hookwire'],
      '',
      env,
      BUILT,
    );
    expect(undo.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(existsSync(`${file}.before-hookwire`)).toBe(false);
  });

  it('removes the settings file it created, and only its own groups from a file edited since', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const file = join(dir, '.factory', 'settings.json');
    const env = { HOOKWIRE_STATE_DIR: state };
    const args = ['init', 'droid', '--project', dir, '--hookwire', 'hookwire'];
    expect((await runCli(args, '', env, BUILT)).code).toBe(0);
    expect((await runCli([...args, '--undo'], '', env, BUILT)).code).toBe(0);
    expect(existsSync(file)).toBe(false);

    expect((await runCli(args, '', env, BUILT)).code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('{', '{\n  "model": "mine",'));
    expect((await runCli([...args, '--undo'], '', env, BUILT)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ model: 'mine' });
  });

  it('prints what it would write with --print, and writes nothing', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const result = await runCli(
      ['init', 'droid', '--print', '--project', dir, '--hookwire', 'hookwire'],
      '',
      { HOOKWIRE_STATE_DIR: state },
      BUILT,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run --host droid --settings ');
    expect(existsSync(join(dir, '.factory', 'settings.json'))).toBe(false);
  });
});
